import type { ReactNode } from 'react';
import Container from 'react-bootstrap/Container';

/** A narrow, centred page for one form, with its single h1: easy to read and to tap. */
export function FormPage({ title, intro, children }: { title: ReactNode; intro?: ReactNode; children: ReactNode }) {
  return (
    <Container className="py-4 py-md-5">
      <div className="form-page">
        <h1 className="mb-3">{title}</h1>
        {intro && <div className="lead mb-4">{intro}</div>}
        {children}
      </div>
    </Container>
  );
}
