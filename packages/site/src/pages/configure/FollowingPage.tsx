/**
 * The followed teams screen (/settings/following, spec 2 §4, spec 3 §2): the member's followed teams
 * in their order. A team is moved by dragging its handle (pointer: mouse, pen or touch) or with its
 * "Move up" / "Move down" buttons (keyboard); each new order is saved with `faveIds`. Removing a
 * team asks for confirmation first. The top teams go in the recap newsletter.
 * @module
 */
import type { Team } from '@sportspyder/contract';
import {
  deleteFollowingTeam,
  FOLLOWING_NO_TEAMS_TEXT,
  listFollowingTeams,
  reorderFollowingTeams,
  searchTeams,
  teamFollowToast,
  toggleTeamFollow,
} from '@sportspyder/core';
import { EmptyState, TeamSearchPicker, useClient, useReference, useResource } from '@sportspyder/react';
import {
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import './configure.css';

/** Height of a row of the drag list in pixels (spec 2 §9: about 58.35). */
export const DRAG_ROW_HEIGHT = 58.35;

/** The cache key of the screen's read. */
const FOLLOWING_KEY = 'site/following';

/** `list` with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

interface Row {
  followingId: number;
  team: Team;
}

interface Drag {
  teamId: number;
  from: number;
  startY: number;
  offset: number;
  pointerId: number;
}

/** The followed teams screen. */
export function FollowingPage() {
  const client = useClient();
  const { teamsBySlug } = useReference();
  useDocumentTitle('Following');
  const list = useResource({ path: FOLLOWING_KEY }, () => listFollowingTeams(client));
  const byId = useMemo(() => {
    const map = new Map<number, Team>();
    for (const team of Object.values(teamsBySlug)) map.set(team.id, team);
    return map;
  }, [teamsBySlug]);
  const rows: Row[] = useMemo(
    () =>
      (list.data?.followingTeams ?? []).flatMap((f) => {
        const team = byId.get(f.teamId);
        return team ? [{ followingId: f.id, team }] : [];
      }),
    [list.data, byId],
  );

  // The order on screen (team ids): the saved order until the member moves something.
  const [order, setOrder] = useState<number[] | null>(null);
  const savedKey = rows.map((r) => r.team.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: savedKey stands for the saved order
  useEffect(() => setOrder(null), [savedKey]);
  const ids = order ?? rows.map((r) => r.team.id);
  const rowById = new Map(rows.map((r) => [r.team.id, r]));

  const [drag, setDrag] = useState<Drag | null>(null);
  const [confirm, setConfirm] = useState<Row | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The move button to focus again after its row moved (moving a row can drop the focus).
  const [refocus, setRefocus] = useState<{ teamId: number; by: -1 | 1 } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!refocus) return;
    const find = (by: number) =>
      listRef.current?.querySelector<HTMLButtonElement>(`[data-move="${refocus.teamId}:${by}"]`);
    const button = find(refocus.by);
    (button && !button.disabled ? button : find(-refocus.by))?.focus();
    setRefocus(null);
  }, [refocus]);

  const save = async (next: number[], moved: number) => {
    const previous = ids;
    setOrder(next);
    const name = rowById.get(moved)?.team.fullName ?? '';
    setAnnouncement(`${name} moved to position ${next.indexOf(moved) + 1} of ${next.length}`);
    try {
      await reorderFollowingTeams(client, { faveIds: next });
      await client.cache.invalidate(FOLLOWING_KEY);
    } catch {
      setOrder(previous);
      client.toasts.show('Your order could not be saved. Try again later.', 'error');
    }
  };

  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const teamId = ids[index];
    if (to < 0 || to >= ids.length || teamId === undefined) return;
    void save(moveItem(ids, index, to), teamId);
    setRefocus({ teamId, by });
  };

  // The team search of the pickers (type=team); a followed team joins the end of the list.
  const findTeams = useCallback(
    async (q: string) => (await searchTeams(client, { q, type: 'team', perPage: 8 })).teams,
    [client],
  );
  const follow = async (team: Team) => {
    try {
      await toggleTeamFollow(client, { team: { id: team.id, name: team.fullName } });
      await client.cache.invalidate(FOLLOWING_KEY);
    } catch {
      client.toasts.show('Something went wrong. Try again later.', 'error');
    }
  };

  const remove = async (row: Row) => {
    setConfirm(null);
    try {
      await deleteFollowingTeam(client, { followingId: row.followingId });
      client.toasts.show(teamFollowToast(row.team.fullName, false), 'success');
      await client.cache.invalidate(FOLLOWING_KEY);
    } catch {
      client.toasts.show('Something went wrong. Try again later.', 'error');
    }
  };

  // ---- pointer drag ----
  const rowHeight = () => {
    const first = listRef.current?.querySelector('li');
    const height = first?.getBoundingClientRect().height ?? 0;
    return height > 0 ? height : DRAG_ROW_HEIGHT;
  };
  const shiftOf = (d: Drag) => {
    const shift = Math.round(d.offset / rowHeight());
    return Math.max(-d.from, Math.min(ids.length - 1 - d.from, shift));
  };
  const onPointerDown = (event: ReactPointerEvent<HTMLButtonElement>, teamId: number, from: number) => {
    if (event.button !== 0) return;
    event.preventDefault();
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // capture is best effort (not every environment supports it)
    }
    setDrag({ teamId, from, startY: event.clientY, offset: 0, pointerId: event.pointerId });
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    setDrag({ ...drag, offset: event.clientY - drag.startY });
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const final = { ...drag, offset: event.clientY - drag.startY };
    setDrag(null);
    const shift = shiftOf(final);
    if (shift !== 0) void save(moveItem(ids, final.from, final.from + shift), final.teamId);
  };
  useEffect(() => {
    if (!drag) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrag(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drag]);

  // While dragging, the list shows where the team would land.
  const shown = drag ? moveItem(ids, drag.from, drag.from + shiftOf(drag)) : ids;

  return (
    <article className="ss-page ss-following">
      <header className="ss-page__header">
        <h1 className="ss-page__title">Following</h1>
        <p className="ss-page__description">
          The teams you follow, in your order. Your top teams go in your recap newsletter.
        </p>
      </header>
      <TeamSearchPicker
        search={findTeams}
        isFollowed={(team) => rowById.has(team.id)}
        onFollow={(team) => void follow(team)}
      />
      {list.status === 'error' && !list.data ? (
        <p className="ss-page__description">Your teams could not be loaded. Try again later.</p>
      ) : !list.data ? (
        <p className="ss-loading-text">Loading…</p>
      ) : rows.length === 0 ? (
        <EmptyState text={FOLLOWING_NO_TEAMS_TEXT}>
          <p>
            <Link to="/">Find a team to follow</Link>
          </p>
        </EmptyState>
      ) : (
        <section className="ss-card">
          <p className="ss-following__hint" id="ss-following-hint">
            Drag a team by its handle, or use the arrow buttons, to change the order.
          </p>
          <ol className="ss-following__list" ref={listRef} aria-describedby="ss-following-hint">
            {shown.map((teamId, index) => {
              const row = rowById.get(teamId);
              if (!row) return null;
              const { team } = row;
              const dragging = drag?.teamId === teamId;
              const style = dragging
                ? { transform: `translateY(${drag.offset - shiftOf(drag) * rowHeight()}px)` }
                : undefined;
              return (
                <li
                  key={teamId}
                  className={`ss-following__row${dragging ? ' is-dragging' : ''}`}
                  style={style}
                  data-testid="following-row"
                >
                  <button
                    type="button"
                    className="ss-following__handle"
                    aria-label={`Drag ${team.fullName}`}
                    tabIndex={-1}
                    onPointerDown={(event) => onPointerDown(event, teamId, index)}
                    onPointerMove={onPointerMove}
                    onPointerUp={onPointerUp}
                    onPointerCancel={() => setDrag(null)}
                  >
                    ⠿
                  </button>
                  <span className="ss-following__rank">{index + 1}</span>
                  <Link className="ss-following__team" to={`/${team.sportSlug}/${team.slug}/news`}>
                    <img src={team.logo} alt="" width={28} height={28} />
                    <span>{team.fullName}</span>
                  </Link>
                  <span className="ss-following__actions">
                    <button
                      type="button"
                      className="ss-following__icon"
                      aria-label={`Move ${team.fullName} up`}
                      data-move={`${teamId}:-1`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="ss-following__icon"
                      aria-label={`Move ${team.fullName} down`}
                      data-move={`${teamId}:1`}
                      disabled={index === shown.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="ss-following__icon ss-following__remove"
                      aria-label={`Remove ${team.fullName}`}
                      onClick={() => setConfirm(row)}
                    >
                      ×
                    </button>
                  </span>
                </li>
              );
            })}
          </ol>
        </section>
      )}
      <p className="ss-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {confirm && (
        <ConfirmDialog
          title={`Stop following the ${confirm.team.fullName}?`}
          text="The team leaves your favorites, your combined news and your recap newsletter."
          confirmLabel="Remove"
          onConfirm={() => remove(confirm)}
          onCancel={() => setConfirm(null)}
        />
      )}
    </article>
  );
}
