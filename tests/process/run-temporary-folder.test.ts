import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// vitest.config.ts gives the whole run one temporary folder. Made once per evaluation, it nested one level per
// project (seven deep), and Debian's full Chromium aborted: its SingletonSocket path passed the 108 characters
// a Unix socket path may have.
describe("the run's temporary folder", () => {
  it('is one folder directly under the system temporary folder, the same one the run removes', () => {
    const folder = tmpdir();
    expect(path.basename(folder)).toMatch(/^techhelp-run-/);
    expect(path.dirname(folder)).not.toMatch(/techhelp-run-/);
    expect(process.env.TECHHELP_RUN_TEMPORARY).toBe(folder);
  });

  it("leaves room for Chromium's SingletonSocket inside a profile folder", () => {
    const socket = path.join(tmpdir(), 'org.chromium.Chromium.XXXXXX', 'SingletonSocket');
    expect(socket.length).toBeLessThan(108);
  });
});
