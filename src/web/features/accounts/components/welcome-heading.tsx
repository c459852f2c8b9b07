import { Trans } from '@lingui/react/macro';
import Badge from 'react-bootstrap/Badge';

/** The home screen's welcome line: the user's e-mail and the green 'Verified' badge. */
export function WelcomeHeading({ email, verified }: { email: string; verified: boolean }) {
  return (
    <h1 className="h2 welcome-heading">
      <Trans>
        Welcome, <span className="text-break">{email}</span>
      </Trans>{' '}
      {verified && (
        <Badge bg="success" className="align-middle fs-6">
          <Trans>Verified</Trans>
        </Badge>
      )}
    </h1>
  );
}
