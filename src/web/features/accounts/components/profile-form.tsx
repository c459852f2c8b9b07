import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm, useWatch } from 'react-hook-form';
import { type ProfileInput, ProfileSchema } from '../../../../shared/account.ts';
import { BUSINESS_STATE, CITY_PLACEHOLDER, SERVICE_CITIES, zipForCity } from '../../../../shared/business.ts';
import { TEXTS_OPT_IN_LABEL, TEXTS_OPT_IN_TERMS, TEXTS_STOPPED_NOTE } from '../../../../shared/text-messages.ts';
import { TextField } from '../../../components/text-field.tsx';
import { translate } from '../../../lib/i18n.ts';
import { translateOptional } from '../translated.ts';

const EMPTY_PROFILE: ProfileInput = {
  firstName: '',
  lastName: '',
  phoneNumber: '',
  streetAddress: '',
  city: CITY_PLACEHOLDER,
  wantsTexts: false,
};

/**
 * The service form and the account form: name, phone and the service address. The zip code and the state are
 * not typed: the zip follows from the city, the state is always New York.
 */
export function ProfileForm({
  defaultValues,
  submitLabel,
  onSubmit,
  textsAvailable = false,
  textsStopped = false,
}: {
  defaultValues?: Partial<ProfileInput> | null;
  /** The server sends texts: the opt-in is offered (unticked unless the customer ticked it before). */
  textsAvailable?: boolean | undefined;
  /** The saved number replied STOP: the box cannot override that, and says so. */
  textsStopped?: boolean | undefined;
  submitLabel: string;
  /** Saves the form; it reports its own failures. */
  onSubmit: (values: ProfileInput) => Promise<void>;
}) {
  const { t } = useLingui();
  const id = useId();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ProfileSchema), defaultValues: { ...EMPTY_PROFILE, ...defaultValues } });
  const city = useWatch({ control, name: 'city' });
  const cityErrorId = `${id}-city-error`;
  const zipHintId = `${id}-zip-hint`;
  const textsTermsId = `${id}-texts-terms`;
  const textsStoppedId = `${id}-texts-stopped`;

  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)}>
      <Row>
        <Col sm={6}>
          <TextField
            label={t`First name`}
            autoComplete="given-name"
            required
            registration={register('firstName')}
            error={translateOptional(errors.firstName?.message)}
          />
        </Col>
        <Col sm={6}>
          <TextField
            label={t`Last name`}
            autoComplete="family-name"
            required
            registration={register('lastName')}
            error={translateOptional(errors.lastName?.message)}
          />
        </Col>
      </Row>
      <TextField
        label={t`Phone number`}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        required
        hint={t`10 digits, for example 631-555-0142`}
        registration={register('phoneNumber')}
        error={translateOptional(errors.phoneNumber?.message)}
      />
      <TextField
        label={t`Street address`}
        autoComplete="address-line1"
        required
        registration={register('streetAddress')}
        error={translateOptional(errors.streetAddress?.message)}
      />
      <Form.Group className="mb-3" controlId={`${id}-city`}>
        <Form.Label>
          <Trans>City</Trans>
        </Form.Label>
        <Form.Select
          size="lg"
          autoComplete="address-level2"
          required
          {...register('city')}
          isInvalid={Boolean(errors.city)}
          aria-invalid={errors.city ? true : undefined}
          aria-describedby={errors.city ? cityErrorId : undefined}
        >
          <option value={CITY_PLACEHOLDER} disabled>
            {translate(CITY_PLACEHOLDER)}
          </option>
          {SERVICE_CITIES.map((entry) => (
            <option key={entry.name} value={entry.name}>
              {entry.name}
            </option>
          ))}
        </Form.Select>
        {errors.city && (
          <Form.Control.Feedback type="invalid" id={cityErrorId}>
            {translateOptional(errors.city.message)}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      <Row>
        <Col xs={12} sm={6}>
          <Form.Group className="mb-3" controlId={`${id}-state`}>
            <Form.Label>
              <Trans>State</Trans>
            </Form.Label>
            <Form.Control size="lg" value={BUSINESS_STATE} readOnly className="bg-body-secondary" />
          </Form.Group>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Group className="mb-3" controlId={`${id}-zip`}>
            <Form.Label>
              <Trans>Zip code</Trans>
            </Form.Label>
            <Form.Control
              size="lg"
              value={zipForCity(city) ?? ''}
              readOnly
              aria-describedby={zipHintId}
              className="bg-body-secondary"
              inputMode="numeric"
            />
            <Form.Text id={zipHintId} className="d-block">
              <Trans>Filled in from your city.</Trans>
            </Form.Text>
          </Form.Group>
        </Col>
      </Row>
      {textsAvailable && (
        <Form.Group className="mb-4 texts-opt-in" controlId={`${id}-texts`}>
          <Form.Check
            type="checkbox"
            {...register('wantsTexts')}
            label={translate(TEXTS_OPT_IN_LABEL)}
            aria-describedby={[textsTermsId, textsStopped ? textsStoppedId : ''].join(' ').trim()}
          />
          <Form.Text id={textsTermsId} className="d-block">
            {TEXTS_OPT_IN_TERMS.map((sentence) => translate(sentence)).join(' ')}
          </Form.Text>
          {textsStopped && (
            <p id={textsStoppedId} className="mt-2 mb-0 fw-semibold">
              {TEXTS_STOPPED_NOTE.map((sentence) => translate(sentence)).join(' ')}
            </p>
          )}
        </Form.Group>
      )}
      <Button type="submit" size="lg" className="w-100" disabled={isSubmitting}>
        {isSubmitting ? t`Saving…` : submitLabel}
      </Button>
    </Form>
  );
}
