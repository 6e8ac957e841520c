-- Secrets stay secret (issue 47).
-- 1. The undo link of an e-mail change, mailed to the old address: a hash link of its own purpose whose
--    `email` is the old address it restores.
ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check
  CHECK (purpose IN ('password_reset', 'email_verification', 'email_preferences', 'email_change_undo'));

-- 2. The preference link shown by GET profile/account is reused, not minted on every read: the row keeps
--    a random nonce from which the server derives the token again with its secret (HMAC), so the table
--    still holds no usable link. Rows without a nonce are mailed links (one per mail, as before).
ALTER TABLE account_tokens ADD COLUMN reuse_nonce text;
