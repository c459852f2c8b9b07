import path from 'node:path';

/**
 * `relative` under the nearest of `from` and its parents where `exists` finds it: how the code finds what the build
 * puts beside it (the migrations, the embedded cluster, the catalogues), whether it runs from src, from the server's
 * single file in dist/server or from a command-line tool's in dist/server/cli.
 */
export function findUpwards(from: string, relative: string, exists: (candidate: string) => boolean): string | undefined {
  const candidate = path.join(from, relative);
  if (exists(candidate)) return candidate;
  const parent = path.dirname(from);
  return parent === from ? undefined : findUpwards(parent, relative, exists);
}
