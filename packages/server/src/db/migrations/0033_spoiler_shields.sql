-- Spoiler shields (issue 49): per followed team, a member hides the results of that team's games from
-- the start until they reveal the game, or until a set number of hours after it ends. The shield check is
-- `src/spoilers/shield-check.ts`; the rules and why are in docs/decisions/spoilers.md.

-- One row per member and team they set a shield for. `on` keeps the member's hide period when they turn
-- the shield off and on again. `hide_hours` null: hidden until revealed.
CREATE TABLE spoiler_shields (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  team_id integer NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  "on" boolean NOT NULL DEFAULT true,
  hide_hours integer CHECK (hide_hours IS NULL OR hide_hours > 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, team_id)
);
-- The shields of a team (who to hide a final-score alert from).
CREATE INDEX spoiler_shields_team_idx ON spoiler_shields (team_id) WHERE "on";

-- A game the member revealed: its result shows everywhere again, for them.
CREATE TABLE spoiler_reveals (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  game_id integer NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  revealed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, game_id)
);

-- When a game ended: the hide period counts from here. Set when a game turns finished (the provider's sync
-- and the demo only write the status); a game stored already finished without it is taken to have ended
-- three hours after its start (src/spoilers/shield-check.ts).
ALTER TABLE games ADD COLUMN ended_at timestamptz;

CREATE OR REPLACE FUNCTION public.ss_game_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'finished' AND NEW.ended_at IS NULL AND OLD.status IS DISTINCT FROM 'finished' THEN
    NEW.ended_at := now();
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER games_ended BEFORE UPDATE OF status ON games
  FOR EACH ROW EXECUTE FUNCTION public.ss_game_ended();
