/**
 * /contact and /contact/:id (spec 3 "Contact", §5, §8): the topic (the id in the path preselects it;
 * changing it changes the URL), the e-mail (a member's own address to start with), and the fields
 * the topic asks for: a url for a missing article or a website to add, a subject and a message for
 * the others. The captcha token is taken right before sending. On success the toast of spec 3 §8
 * shows and the visitor goes home; the server's problems fill the error box and mark the fields.
 * @module
 */
import type { FeedbackTopicId } from '@sportspyder/contract';
import {
  DEFAULT_FEEDBACK_TOPIC,
  FEEDBACK_FIELD_LABELS,
  FEEDBACK_TOPICS,
  type FeedbackField,
  type FormErrors,
  feedbackTopicOf,
  formErrors,
  NO_FORM_ERRORS,
  sendFeedback,
} from '@sportspyder/core';
import { useClient, useSession } from '@sportspyder/react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorBox } from '../../components/ErrorBox.js';
import { useCaptcha } from '../../hooks/useCaptcha.js';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { AccountField } from '../account/AccountField.js';
import '../account/account.css';
import './contact.css';

const HINTS: Record<FeedbackField, string | undefined> = {
  url: 'The full address, for example https://www.example.com/story',
  subject: undefined,
  message: undefined,
};

/** The contact form. */
export function ContactPage() {
  useDocumentTitle('Contact Us');
  const { id } = useParams();
  const navigate = useNavigate();
  const client = useClient();
  const captcha = useCaptcha();
  const memberEmail = useSession().session?.user?.email ?? '';
  const topic =
    feedbackTopicOf(id) ??
    (feedbackTopicOf(DEFAULT_FEEDBACK_TOPIC) as NonNullable<ReturnType<typeof feedbackTopicOf>>);
  const [email, setEmail] = useState<string | null>(null);
  const [values, setValues] = useState<Record<FeedbackField, string>>({ url: '', subject: '', message: '' });
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const topicId = useId();
  const messageId = useId();

  const chooseTopic = (next: FeedbackTopicId) => {
    setErrors(NO_FORM_ERRORS);
    navigate(`/contact/${next}`, { replace: true });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors(NO_FORM_ERRORS);
    try {
      await sendFeedback(
        client,
        { feedbackTopicId: topic.id, email: email ?? memberEmail, ...values },
        captcha,
      );
      navigate('/');
    } catch (error) {
      setErrors(formErrors(error));
      setBusy(false);
    }
  };

  const change = (field: FeedbackField) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const messageError = errors.fields.message?.title;

  return (
    <article className="ss-page ss-page--narrow">
      <header className="ss-page__header">
        <h1 className="ss-page__title">Contact Us</h1>
        <p className="ss-page__description">
          Questions, ideas, a story we missed or a site we should follow: we read every message. Looking for
          how SportSpyder works? The <Link to="/about/features">feature guide</Link> may already answer it.
        </p>
      </header>
      <form
        className="ss-card ss-form"
        onSubmit={submit}
        noValidate
        aria-busy={busy}
        aria-label="Contact form"
      >
        <ErrorBox titles={errors.titles} />
        <div className="ss-form__field">
          <label className="ss-form__label" htmlFor={topicId}>
            Topic
          </label>
          <select
            id={topicId}
            className="ss-contact__select"
            value={topic.id}
            onChange={(event) => chooseTopic(Number(event.target.value) as FeedbackTopicId)}
            aria-describedby={`${topicId}-hint`}
          >
            {FEEDBACK_TOPICS.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
          <p id={`${topicId}-hint`} className="ss-form__hint">
            {topic.hint}
          </p>
        </div>
        <AccountField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email ?? memberEmail}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.fields.email?.title}
          hint="We reply to this address."
        />
        {topic.fields.includes('url') ? (
          <AccountField
            label={FEEDBACK_FIELD_LABELS.url}
            name="url"
            type="url"
            inputMode="url"
            required
            value={values.url}
            onChange={change('url')}
            error={errors.fields.url?.title}
            hint={HINTS.url}
          />
        ) : null}
        {topic.fields.includes('subject') ? (
          <AccountField
            label={FEEDBACK_FIELD_LABELS.subject}
            name="subject"
            required
            maxLength={200}
            value={values.subject}
            onChange={change('subject')}
            error={errors.fields.subject?.title}
          />
        ) : null}
        {topic.fields.includes('message') ? (
          <div className="ss-form__field">
            <label className="ss-form__label" htmlFor={messageId}>
              {FEEDBACK_FIELD_LABELS.message}
            </label>
            <textarea
              id={messageId}
              name="message"
              className="ss-contact__message"
              required
              rows={7}
              maxLength={5000}
              value={values.message}
              onChange={change('message')}
              aria-invalid={messageError ? true : undefined}
              aria-describedby={messageError ? `${messageId}-error` : undefined}
            />
            {messageError ? (
              <p id={`${messageId}-error`} className="ss-form__error">
                {messageError}
              </p>
            ) : null}
          </div>
        ) : null}
        {errors.fields.recaptcha ? <p className="ss-form__error">{errors.fields.recaptcha.title}</p> : null}
        <button type="submit" className="ss-button ss-button--block" disabled={busy}>
          {busy ? 'Sending…' : 'Send message'}
        </button>
        <p className="ss-form__hint">
          We use your address only to answer you; see our <Link to="/privacy">privacy policy</Link>.
        </p>
      </form>
    </article>
  );
}
