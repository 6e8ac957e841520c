/**
 * Sign-up (/join, and /join/:id for a newsletter subscriber converting; spec 3 §2, §5): username,
 * e-mail, password, the teams to follow, and the captcha token. Each field is checked by the server
 * on blur; a username of 4+ and a password of 8+ characters clear their errors as they are typed.
 * A taken e-mail shows the account-exists message with sign-in and reset links. On success the core
 * reloads the page signed in (7-day PRO trial) and the guest guard sends the member on.
 * @module
 */
import type { ApiErrorItem, SignupTeam, Team } from '@sportspyder/contract';
import {
  type FormErrors,
  formErrors,
  MIN_PASSWORD_LENGTH,
  MIN_USERNAME_LENGTH,
  NO_FORM_ERRORS,
  readSubscriberEmail,
  type SignupFieldMessage,
  searchTeams,
  signUp,
  signupFieldMessage,
  validateAccountFields,
} from '@sportspyder/core';
import { TeamSearchPicker, useClient } from '@sportspyder/react';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorBox } from '../../components/ErrorBox.js';
import { useCaptcha } from '../../hooks/useCaptcha.js';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { AccountField } from './AccountField.js';
import './account.css';

type Field = 'username' | 'email' | 'password';

function render(message: SignupFieldMessage | undefined): ReactNode {
  if (!message) return undefined;
  if (message.kind === 'plain') return message.text;
  return (
    <>
      {message.text} <Link to="/login">Sign in</Link> or <Link to="/forgot">reset your password</Link>.
    </>
  );
}

function toSignupTeam(team: Team): SignupTeam {
  return {
    id: team.id,
    name: team.name,
    fullName: team.fullName,
    slug: team.slug,
    logo: team.logo,
    sportSlug: team.sportSlug,
    meta: team.meta ?? '',
  };
}

/** The sign-up form. */
export function JoinPage() {
  const { id: subscriberId } = useParams();
  useDocumentTitle(subscriberId ? 'Create Your Account' : 'Join SportSpyder');
  const client = useClient();
  const captcha = useCaptcha();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', email: '', password: '' });
  const [messages, setMessages] = useState<Partial<Record<Field, SignupFieldMessage>>>({});
  const [box, setBox] = useState<FormErrors>(NO_FORM_ERRORS);
  const [teams, setTeams] = useState<SignupTeam[]>([]);
  const [busy, setBusy] = useState(false);

  // /join/:id: the subscriber's address fills the e-mail field unless the visitor typed one already.
  useEffect(() => {
    if (!subscriberId) return;
    let live = true;
    void readSubscriberEmail(client, subscriberId).then((email) => {
      if (live && email) setValues((current) => (current.email ? current : { ...current, email }));
    });
    return () => {
      live = false;
    };
  }, [client, subscriberId]);

  const setMessage = (field: Field, item: ApiErrorItem | undefined) =>
    setMessages((current) => ({ ...current, [field]: item ? signupFieldMessage(item) : undefined }));

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field === 'username' && value.trim().length >= MIN_USERNAME_LENGTH) setMessage('username', undefined);
    if (field === 'password' && value.length >= MIN_PASSWORD_LENGTH) setMessage('password', undefined);
  };

  const blur = async (field: Field) => {
    const value = values[field];
    if (value.trim() === '') return;
    try {
      const answer = await validateAccountFields(client, { [field]: value });
      setMessage(
        field,
        answer.errors.find((item) => item.field === field),
      );
    } catch {
      // The check on submit still runs; a failed on-blur check shows nothing.
    }
  };

  const findTeams = useCallback(
    async (q: string) => (await searchTeams(client, { q, type: 'team', perPage: 8 })).teams,
    [client],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setBox(NO_FORM_ERRORS);
    try {
      await signUp(
        client,
        { ...values, followingTeams: teams, subscriberId: subscriberId || undefined },
        captcha,
      );
      // The core reloads the page now; the button stays disabled until it does.
    } catch (error) {
      const errors = formErrors(error);
      setBox(errors);
      setMessages({
        username: errors.fields.username && signupFieldMessage(errors.fields.username),
        email: errors.fields.email && signupFieldMessage(errors.fields.email),
        password: errors.fields.password && signupFieldMessage(errors.fields.password),
      });
      setBusy(false);
    }
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
    onBlur: () => void blur(name),
    error: render(messages[name]),
    required: true,
  });

  return (
    <article className="ss-page ss-page--narrow">
      <header className="ss-page__header">
        <h1 className="ss-page__title">{subscriberId ? 'Create Your Account' : 'Join SportSpyder'}</h1>
        <p className="ss-page__description">
          Follow your teams, chat with other fans and keep your podcasts in sync. New accounts get SportSpyder
          PRO free for 7 days.
        </p>
      </header>
      <form className="ss-card ss-form" onSubmit={submit} noValidate aria-busy={busy}>
        <ErrorBox titles={box.titles} />
        <AccountField
          label="Username"
          autoComplete="username"
          hint="At least 4 characters: letters, digits or underscores."
          {...field('username')}
        />
        <AccountField label="Email" type="email" autoComplete="email" {...field('email')} />
        <AccountField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          {...field('password')}
        />
        {/* One label for the one box (a legend above the picker's own label stacked two). */}
        <div className="ss-join__teams">
          <TeamSearchPicker
            label="Teams to follow (optional)"
            search={findTeams}
            isFollowed={(team) => teams.some((t) => t.id === team.id)}
            onFollow={(team) =>
              setTeams((current) =>
                current.some((t) => t.id === team.id) ? current : [...current, toSignupTeam(team)],
              )
            }
          />
          {teams.length > 0 ? (
            <ul className="ss-join__chosen" aria-label="Teams you will follow">
              {teams.map((team) => (
                <li key={team.id}>
                  <span>{team.fullName}</span>
                  <button
                    type="button"
                    className="ss-button ss-button--secondary"
                    onClick={() => setTeams((current) => current.filter((t) => t.id !== team.id))}
                    aria-label={`Remove ${team.fullName}`}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <button type="submit" className="ss-button ss-button--block" disabled={busy}>
          {busy ? 'Creating your account…' : 'Create account'}
        </button>
        <p className="ss-form__links">
          <span>
            Already a member? <Link to="/login">Sign in</Link>
          </span>
        </p>
      </form>
    </article>
  );
}
