import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import Form from 'react-bootstrap/Form';

/** In person or remote, as two radio buttons under a legend: the booking panel's third step and the offer's page. */
export function VisitKindChoice({
  legend,
  isRemote,
  onChange,
  className,
}: {
  legend: ReactNode;
  isRemote: boolean;
  onChange: (isRemote: boolean) => void;
  className: string;
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <fieldset className={`visit-type ${className}`}>
      <legend className="h5">{legend}</legend>
      <Form.Check
        type="radio"
        id={`${id}-in-person`}
        name={`${id}-visit-type`}
        label={t`In-Person`}
        checked={!isRemote}
        onChange={() => onChange(false)}
      />
      <Form.Check
        type="radio"
        id={`${id}-remote`}
        name={`${id}-visit-type`}
        label={t`Remote`}
        checked={isRemote}
        onChange={() => onChange(true)}
      />
    </fieldset>
  );
}
