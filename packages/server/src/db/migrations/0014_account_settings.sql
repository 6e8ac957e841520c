-- Account settings (issue 13, spec 3 §2 "Settings", §5): when the username last changed, for the
-- "changeable once a week" rule (NULL: never changed since sign-up, so the first change is free).
ALTER TABLE users ADD COLUMN username_changed_at timestamptz;
