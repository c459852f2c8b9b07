import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { noteFailure } from '../../../lib/api-failure.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useChangeCodeWord, useCodeWord } from '../api/code-word.ts';

/** The word itself, large, and why it matters: the home screen's and the account page's. */
function CodeWordLines({ word }: { word: string }) {
  return (
    <>
      <p className="code-word-line fs-5 mb-2">
        <Trans>
          Our technician will say: <strong className="code-word fs-4">{word}</strong>
        </Trans>
      </p>
      <p className="mb-0">
        <Trans>Never let anyone in, or onto your computer, who cannot say it. We never ask to be paid by gift card.</Trans>
      </p>
    </>
  );
}

/**
 * The customer's home screen (issue 39): the word the technician will say at the door, once the first booking has
 * given one. Nothing while it loads or when the customer has none yet (the list says how to book).
 */
export function CodeWordNotice() {
  const { t } = useLingui();
  const id = useId();
  const codeWord = useCodeWord();
  useEffect(() => {
    if (codeWord.isError) noteFailure(codeWord.error, 'CodeWordNotice');
  }, [codeWord.isError, codeWord.error]);
  const word = codeWord.data?.codeWord;
  if (!word) return null;
  return (
    <section className="code-word-notice border border-primary-subtle rounded p-3 my-4" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="h5">
        {t`Your code word`}
      </h2>
      <CodeWordLines word={word} />
    </section>
  );
}

/**
 * The account page's "Your code word" (issue 39): the word, another one picked from the list, or a new one at
 * random. The server accepts only the words of the lists.
 */
export function CodeWordSection() {
  const { t } = useLingui();
  const id = useId();
  const codeWord = useCodeWord();
  const change = useChangeCodeWord();
  const [picked, setPicked] = useState('');
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    if (codeWord.isError) noteFailure(codeWord.error, 'CodeWordSection');
  }, [codeWord.isError, codeWord.error]);

  const save = async (body: { word: string } | { fresh: true }) => {
    setSaid(null);
    try {
      const saved = await change.mutateAsync(body);
      const word = saved.codeWord ?? '';
      setPicked('');
      setSaid({ ok: true, text: t`Your code word is now: ${word}. Our technician will say it at your door.` });
    } catch (error) {
      setSaid({ ok: false, text: errorText(error) ?? t`Your code word could not be changed. Please try again.` });
    }
  };
  const pick = (event: FormEvent) => {
    event.preventDefault();
    if (picked) void save({ word: picked });
    else setSaid({ ok: false, text: t`Please choose a word from the list first.` });
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-5 code-word-section">
      <h2 id={`${id}-heading`} className="h4">
        <Trans>Your code word</Trans>
      </h2>
      {codeWord.isPending ? (
        <LoadingSpinner />
      ) : codeWord.isError ? (
        <Alert variant="danger">
          <Trans>Your code word could not be loaded.</Trans>{' '}
          <Button variant="outline-danger" onClick={() => void codeWord.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Alert>
      ) : (
        <>
          {codeWord.data.codeWord ? (
            <CodeWordLines word={codeWord.data.codeWord} />
          ) : (
            <p>
              <Trans>You get your code word when you book your first visit. You may also choose one now.</Trans>
            </p>
          )}
          <Form onSubmit={pick} className="mt-3" noValidate>
            <Form.Label htmlFor={`${id}-word`}>
              <Trans>Choose another word</Trans>
            </Form.Label>
            <div className="stack-on-phone d-flex flex-wrap gap-3">
              <Form.Select
                id={`${id}-word`}
                size="lg"
                value={picked}
                onChange={(event) => setPicked(event.target.value)}
                className="w-auto mw-100"
              >
                <option value="">{t`Choose a word`}</option>
                {codeWord.data.choices.map((word) => (
                  <option key={word} value={word}>
                    {word}
                  </option>
                ))}
              </Form.Select>
              <Button type="submit" size="lg" variant="primary" disabled={change.isPending}>
                <Trans>Use this word</Trans>
              </Button>
            </div>
          </Form>
          <Button
            className="mt-3"
            size="lg"
            variant="outline-primary"
            disabled={change.isPending}
            onClick={() => void save({ fresh: true })}
          >
            <Trans>Give me a new word</Trans>
          </Button>
          <p role="status" className={said && !said.ok ? 'text-danger fw-semibold mt-3 mb-0' : 'mt-3 mb-0'}>
            {said?.text}
          </p>
        </>
      )}
    </section>
  );
}
