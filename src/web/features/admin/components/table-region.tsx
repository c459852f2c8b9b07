import { Fragment, type ReactNode, useState } from 'react';

/**
 * A wide table's own scrolling box: focusable, so keyboard users can scroll it, and named by the table's
 * caption, so screen readers say what it holds.
 */
export function TableRegion({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section className="table-responsive admin-table-region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </section>
  );
}

/** A name or domain with a place to break before each of its dots. */
function breakingAtDots(text: string): ReactNode {
  const [first = '', ...rest] = text.split('.');
  return (
    <>
      {first}
      {rest.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name, in their fixed order
        <Fragment key={index}>
          <wbr />.{part}
        </Fragment>
      ))}
    </>
  );
}

/**
 * An e-mail address that may break only where a reader expects it: after the "@" and before a dot, never inside a
 * word (a column breaking "mary.smith@exam" / "ple.com" reads as two addresses).
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at < 0) return <>{address}</>;
  return (
    <span className="admin-email">
      {breakingAtDots(address.slice(0, at))}@<wbr />
      {breakingAtDots(address.slice(at + 1))}
    </span>
  );
}

/** A reference up to this long is shown whole; a longer one is shortened. */
export const REFERENCE_SHOWN_WHOLE = 20;

/** "SANDBOX-CAPTURE-2f9c…" as the list shows it: the start and the end, which tell references apart. */
export function shortReference(value: string): string {
  return shownWhole(value) ? value : `${value.slice(0, 10)}…${value.slice(-6)}`;
}

/** A short reference, or a note in words ("given back by hand (cash)"), is shown as it is. */
const shownWhole = (value: string) => value.length <= REFERENCE_SHOWN_WHOLE || /\s/.test(value);

/**
 * A payment's reference in a list: whole when short; otherwise its start and end (a 52-letter reference once
 * wrapped into ten lines), with the whole value on hover (title), in place of the short one while the button has
 * the keyboard's focus or after a press (a phone has no hover), and to screen readers as the button's name.
 */
export function PaymentReference({ value, label }: { value: string; label: string }) {
  const [whole, setWhole] = useState(false);
  if (/\s/.test(value)) return <span>{value}</span>;
  if (shownWhole(value)) return <span className="admin-reference">{value}</span>;
  return (
    <button
      type="button"
      className={`admin-reference admin-reference-short${whole ? ' is-whole' : ''}`}
      title={value}
      aria-expanded={whole}
      onClick={() => setWhole((shown) => !shown)}
    >
      <span className="admin-reference-text" aria-hidden="true">
        {shortReference(value)}
      </span>
      <span className="visually-hidden">
        {label} {value}
      </span>
      <span className="admin-reference-whole" aria-hidden="true">
        {value}
      </span>
    </button>
  );
}
