/**
 * The tabs of a settings list page (My Podcasts, My Sources): one link per tab, the current one
 * marked `aria-current="page"` (also the default tab at the bare path, where NavLink would not).
 * @module
 */
import { Link } from 'react-router';

/** Props of {@link SettingsTabs}. */
export interface SettingsTabsProps {
  /** The navigation's accessible name, e.g. "My Sources sections". */
  label: string;
  /** The page's path without the tab, e.g. `/settings/sources`. */
  base: string;
  /** The tabs in order. */
  tabs: readonly { type: string; label: string }[];
  /** The tab shown. */
  current: string;
}

/** The tab links of a settings list page. */
export function SettingsTabs({ label, base, tabs, current }: SettingsTabsProps) {
  return (
    <nav className="ss-tabs" aria-label={label}>
      {tabs.map((t) => (
        <Link
          key={t.type}
          to={`${base}/${t.type}`}
          className={`ss-tabs__tab${t.type === current ? ' active' : ''}`}
          aria-current={t.type === current ? 'page' : undefined}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
