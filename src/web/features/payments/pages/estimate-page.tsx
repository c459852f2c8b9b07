import '../payments.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { durationText } from '../../../../shared/billing.ts';
import { FEES } from '../../../../shared/business.ts';
import { type Estimate, type EstimateDecision, EstimateDecisionSchema } from '../../../../shared/estimates.ts';
import { formatDay } from '../../../../shared/locale-format.ts';
import { PageSpinner } from '../../../components/loading-spinner.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/error-text.ts';
import { activeLocale, translate } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useDecideEstimate } from '../api/decide-estimate.ts';
import { useEstimate } from '../api/get-estimate.ts';
import { BillTable } from '../components/bill-table.tsx';
import { appointmentTime, money } from '../formats.ts';

type Approval = Extract<EstimateDecision, { decision: 'approve' }>;
type Refusal = Extract<EstimateDecision, { decision: 'decline' }>;

/** A field's error from the shared schema (English there), in the active language. */
const fieldError = (message: string | undefined) => (message === undefined ? undefined : translate(message));

function BackHome() {
  return (
    <Link to="/home" className="btn btn-outline-primary btn-lg">
      <Trans>Back to your appointments</Trans>
    </Link>
  );
}

/** What was decided, and by whom: the customer, or their trusted contact for them. */
function Decided({ estimate }: { estimate: Estimate }) {
  const date = estimate.decidedAt ? formatDay(Date.parse(estimate.decidedAt), activeLocale()) : '';
  const name = estimate.decidedByName ?? '';
  const reason = estimate.declineReason ?? '';
  const total = money(estimate.totalCents);
  if (estimate.state === 'approved') {
    return (
      <p className="fs-5 fw-semibold estimate-decided">
        {estimate.decidedBy === 'contact' ? (
          <Trans>
            Your trusted contact {name} approved this estimate of {total} on {date}.
          </Trans>
        ) : (
          <Trans>
            Approved by {name} on {date}: {total}.
          </Trans>
        )}
      </p>
    );
  }
  if (estimate.state === 'declined') {
    return (
      <>
        <p className="fs-5 fw-semibold estimate-decided">
          {estimate.decidedBy === 'contact' ? (
            <Trans>
              Your trusted contact {name} declined this estimate on {date}.
            </Trans>
          ) : (
            <Trans>You declined this estimate on {date}.</Trans>
          )}
        </p>
        {reason && (
          <p>
            <Trans>Reason: {reason}</Trans>
          </p>
        )}
      </>
    );
  }
  return (
    <p className="fs-5 fw-semibold estimate-decided">
      <Trans>This estimate was replaced by a newer one.</Trans>
    </p>
  );
}

/**
 * The two answers to an estimate still waiting: approve by typing one's name, or decline with a reason. What went
 * wrong (a field, or the server's refusal: decided meanwhile, or the visit done) is said beside them.
 */
function DecisionForms({
  appointmentId,
  estimateId,
  onDecided,
}: {
  appointmentId: string;
  estimateId: string;
  onDecided: (decision: EstimateDecision) => void;
}) {
  const { t } = useLingui();
  const decide = useDecideEstimate(appointmentId, estimateId);
  const problemRef = useRef<HTMLDivElement>(null);
  const approval = useForm<Approval>({
    resolver: zodResolver(EstimateDecisionSchema) as never,
    defaultValues: { decision: 'approve', name: '' },
  });
  const refusal = useForm<Refusal>({
    resolver: zodResolver(EstimateDecisionSchema) as never,
    defaultValues: { decision: 'decline', reason: '' },
  });
  const send = (decision: EstimateDecision) =>
    decide.mutate(decision, {
      onSuccess: () => onDecided(decision),
      onError: () => problemRef.current?.focus(),
    });
  const approving = decide.isPending && decide.variables?.decision === 'approve';
  const declining = decide.isPending && decide.variables?.decision === 'decline';
  const failed = decide.isError ? decide.error : null;

  return (
    <>
      <div ref={problemRef} tabIndex={-1} className="estimate-problem">
        {failed && (
          <Alert variant={failed instanceof ApiRequestError && failed.status === 409 ? 'warning' : 'danger'}>
            <Alert.Heading as="h2" className="h5">
              {t`Your answer was not saved.`}
            </Alert.Heading>
            <p className="mb-0">{errorText(failed) ?? t`Something went wrong on our side. Please try again in a moment.`}</p>
          </Alert>
        )}
      </div>
      <section aria-labelledby="estimate-approve" className="mb-4">
        <h2 id="estimate-approve" className="h4">
          <Trans>Approve the estimate</Trans>
        </h2>
        <p>
          <Trans>Typing your name here is your signature: it tells the technician to go ahead with this work.</Trans>
        </p>
        <Form noValidate onSubmit={approval.handleSubmit((values) => send(values))}>
          <TextField
            label={t`Type your name to approve`}
            autoComplete="name"
            required
            registration={approval.register('name')}
            error={fieldError(approval.formState.errors.name?.message)}
          />
          <Button type="submit" size="lg" variant="success" disabled={decide.isPending}>
            {approving ? t`Approving…` : t`Approve the estimate`}
          </Button>
        </Form>
      </section>
      <section aria-labelledby="estimate-decline" className="mb-4">
        <h2 id="estimate-decline" className="h4">
          <Trans>Decline the estimate</Trans>
        </h2>
        <Form noValidate onSubmit={refusal.handleSubmit((values) => send(values))}>
          <TextField
            label={t`Why are you declining?`}
            rows={3}
            required
            hint={t`For example: the price is too high, or the problem went away. The technician will get in touch.`}
            registration={refusal.register('reason')}
            error={fieldError(refusal.formState.errors.reason?.message)}
          />
          <Button type="submit" size="lg" variant="outline-danger" disabled={decide.isPending}>
            {declining ? t`Declining…` : t`Decline the estimate`}
          </Button>
        </Form>
      </section>
    </>
  );
}

/**
 * The customer's estimate of a visit (issue 38), from the link we e-mailed and texted them: the visit, the expected
 * time and parts with the tax line, the estimated total, and two answers, approve by typing their name or decline
 * with a reason. Once decided, the page says so.
 */
function EstimatePage() {
  const { t } = useLingui();
  usePageTitle(t`Your estimate`);
  const { appointmentId = '' } = useParams();
  const estimate = useEstimate(appointmentId);
  const [decided, setDecided] = useState<EstimateDecision['decision'] | null>(null);

  if (estimate.isPending) return <PageSpinner />;
  if (estimate.isError) {
    const error = estimate.error;
    return (
      <Container className="py-4 estimate-page">
        <h1>{t`Your estimate`}</h1>
        <Alert variant={error instanceof ApiRequestError && error.status === 404 ? 'warning' : 'danger'}>
          <p className="fs-5 mb-2">
            {error instanceof ApiRequestError && error.status === 404
              ? t`There is no estimate waiting for this visit.`
              : (errorText(error) ?? t`Something went wrong on our side. Please try again in a moment.`)}
          </p>
          <BackHome />
        </Alert>
      </Container>
    );
  }

  const data = estimate.data;
  const time = appointmentTime(Date.parse(data.visit.startsAt));
  const kind = translate(FEES[data.kind].label);
  const duration = durationText(data.minutes);
  const total = money(data.totalCents);
  return (
    <Container className="py-4 estimate-page">
      <h1>{t`Your estimate`}</h1>
      <p className="fs-5">
        {data.visit.isRemote ? (
          <Trans>Remote visit of {time} (New York time)</Trans>
        ) : (
          <Trans>In-person visit of {time} (New York time)</Trans>
        )}
      </p>
      <p>
        <Trans>
          Expected work: {kind}, about {duration}.
        </Trans>
      </p>
      <p>
        <Trans>
          This is what the technician expects the visit to cost. If the work turns out to cost more, the technician will talk to you before
          billing it.
        </Trans>
      </p>
      <BillTable lines={data.lines} totalCents={data.totalCents} caption={t`The estimate, line by line`} />
      <p className="fs-4 fw-semibold">
        <Trans>Estimated total: {total}</Trans>
      </p>
      <div role="status">
        {decided === 'approve' && (
          <Alert variant="success">
            <p className="fs-5 fw-semibold mb-0">
              <Trans>Thank you. You approved the estimate, and the technician has been told.</Trans>
            </p>
          </Alert>
        )}
        {decided === 'decline' && (
          <Alert variant="success">
            <p className="fs-5 fw-semibold mb-0">
              <Trans>You declined the estimate. The technician has been told and will get in touch.</Trans>
            </p>
          </Alert>
        )}
      </div>
      {data.state === 'sent' ? (
        <DecisionForms appointmentId={appointmentId} estimateId={data.id} onDecided={(answer) => setDecided(answer.decision)} />
      ) : (
        <Decided estimate={data} />
      )}
      <BackHome />
    </Container>
  );
}

export { EstimatePage as Component };
