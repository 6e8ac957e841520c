/**
 * The summary section pills of a team page (spec 2 §3 "Summary section", §4): the team's top
 * stories as pills; the open pill is remembered on this device per team (toggle, previous, next and
 * close all store it), so the summary stays open on the next visit.
 * @module
 */
import type { Team } from '@sportspyder/contract';
import { listTeamSummarySections, readJson, writeJson } from '@sportspyder/core';
import { SummaryPills, useClient } from '@sportspyder/react';
import { useCallback, useState } from 'react';
import { useTeamContent } from './useTeamContent.js';

/** The storage key of a team's open summary pill. */
export function summaryPillKey(teamSlug: string): string {
  return `sportspyder.summaryPill.${teamSlug}`;
}

/** Props of {@link TeamSummary}. */
export interface TeamSummaryProps {
  /** The team. */
  team: Team;
  /** Open article links in a new window. */
  linksInNewWindow: boolean;
}

/** The team's summary pills (nothing while loading or when the team has none). */
export function TeamSummary({ team, linksInNewWindow }: TeamSummaryProps) {
  const client = useClient();
  const key = summaryPillKey(team.slug);
  const sections = useTeamContent('summary', { team: team.slug }, () =>
    listTeamSummarySections(client, { teamId: team.slug }),
  );
  const [stored, setStored] = useState<{ key: string; id: number | null }>(() => ({
    key,
    id: readJson<number | null>(client.storage, key) ?? null,
  }));
  // Another team's page re-reads its own remembered pill.
  const selectedId = stored.key === key ? stored.id : (readJson<number | null>(client.storage, key) ?? null);
  const select = useCallback(
    (id: number | null) => {
      setStored({ key, id });
      writeJson(client.storage, key, id);
    },
    [client, key],
  );
  const list = sections.data?.summarySections ?? [];
  if (list.length === 0) return null;
  // A remembered pill whose story is gone shows nothing open.
  const open = list.some((section) => section.id === selectedId) ? selectedId : null;
  return (
    <div className="ss-team-summary">
      <SummaryPills sections={list} selectedId={open} onSelect={select} linksInNewWindow={linksInNewWindow} />
    </div>
  );
}
