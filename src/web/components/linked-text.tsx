import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with links in it. The catalogue keeps the sentence whole, its links marked `<0>…</0>`,
 * `<1>…</1>` (the translator moves them where the language wants them); the words of each mark are drawn by the
 * link function of that number. Lingui's <Trans> does the same, but its code would take almost 1 kB of the first
 * load's budget.
 */
export function withLinks(text: string, ...links: ((words: string) => ReactNode)[]): ReactNode[] {
  const parts = text.split(/<(\d)>(.*?)<\/\1>/);
  return parts.map((part, index) => {
    if (index % 3 !== 2) return index % 3 ? null : part;
    const number = parts[index - 1];
    return <Fragment key={number}>{links[Number(number)]?.(part)}</Fragment>;
  });
}
