import Badge from 'react-bootstrap/Badge';

/** The home screen's welcome line: the user's e-mail and the green 'Verified' badge. */
export function WelcomeHeading({ email, verified }: { email: string; verified: boolean }) {
  return (
    <h1 className="h2 welcome-heading">
      Welcome, <span className="text-break">{email}</span>{' '}
      {verified && (
        <Badge bg="success" className="align-middle fs-6">
          Verified
        </Badge>
      )}
    </h1>
  );
}
