import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { REMINDER_CALL_TEXTS } from '../../../../shared/reminder-calls.ts';
import { displayPhone } from '../../../../shared/text-messages.ts';
import { errorText } from '../../../lib/error-text.ts';
import { translate } from '../../../lib/i18n.ts';
import { useMe } from '../../../lib/session.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useChooseReminderCalls } from '../api/reminder-calls.ts';

/**
 * "Call me the day before to remind me (for landlines)" (decision 040): shown only when the server places reminder
 * calls. Saved as soon as it is ticked or unticked, and said so beside it. A customer who gets texts gets the text
 * reminder instead, and is told so (they can still untick a call they asked for before). A yes holds for one number:
 * the section says which ("We will call (631) 555-0142"), and after the number changed, that the calls stopped and
 * the box asks again.
 */
export function ReminderCallSection() {
  const { t } = useLingui();
  useLanguage();
  const id = useId();
  const { me } = useMe();
  const choose = useChooseReminderCalls();
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const saved = me.reminderCalls;
  if (!saved || !me.profile) return null;
  const getsTexts = me.profile.wantsTexts && me.profile.textsConfirmed && !me.profile.textsStopped;
  // While saving, the box shows what was asked for.
  const checked = choose.isPending ? (choose.variables?.wanted ?? saved.wanted) : saved.wanted;
  const change = (wanted: boolean) => {
    setSaid(null);
    choose.mutate(
      { wanted },
      {
        onSuccess: () =>
          setSaid({ ok: true, text: wanted ? t`Saved: we will call you the day before each visit.` : t`Saved: no reminder calls.` }),
        onError: (error) => setSaid({ ok: false, text: errorText(error) ?? t`Your choice was not saved. Please try again.` }),
      },
    );
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-5">
      <h2 id={`${id}-heading`} className="h4">
        <Trans>Reminder calls</Trans>
      </h2>
      {getsTexts && !saved.wanted ? (
        <p>{translate(REMINDER_CALL_TEXTS.getsTexts)}</p>
      ) : (
        <>
          {saved.numberChanged && !checked ? (
            <p id={`${id}-calls-changed`} className="fw-semibold">
              {translate(REMINDER_CALL_TEXTS.numberChanged)}
            </p>
          ) : null}
          <Form.Check
            className="form-check-lg"
            id={`${id}-calls`}
            checked={checked}
            // Not disabled while saving: a disabled box drops the keyboard's focus to the page. A second change waits.
            aria-disabled={choose.isPending || undefined}
            onChange={(event) => {
              if (!choose.isPending) change(event.currentTarget.checked);
            }}
            label={translate(REMINDER_CALL_TEXTS.label)}
            aria-describedby={[
              `${id}-calls-hint`,
              saved.wanted && saved.number ? `${id}-calls-number` : '',
              saved.numberChanged && !checked ? `${id}-calls-changed` : '',
            ]
              .filter(Boolean)
              .join(' ')}
          />
          <p id={`${id}-calls-hint`} className="form-text">
            {translate(REMINDER_CALL_TEXTS.hint)}
          </p>
          {saved.wanted && saved.number ? (
            <p id={`${id}-calls-number`} className="fw-semibold">
              {translate(REMINDER_CALL_TEXTS.willCall, { number: displayPhone(saved.number) })}
            </p>
          ) : null}
        </>
      )}
      <p role="status" className={said && !said.ok ? 'text-danger fw-semibold' : 'fw-semibold'}>
        {said?.text}
      </p>
    </section>
  );
}
