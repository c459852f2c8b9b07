import { ConfigError, loadConfig } from '../config.ts';
import { keepFilesPrivate } from '../private-files.ts';
import { hideSecrets, report, runDoctor, secretsOf } from './doctor-checks.ts';

/** The settings' secrets once they are read: hidden from a crash's message too, as from the report. */
let secrets: string[] = [];

/**
 * `npm run doctor` (issue 42): checks, in plain words, that this machine's production settings work (the address,
 * e-mail, PayPal, Twilio, the database and LISTEN, backups, disk space and the clock), before going live and any time
 * after. Run it with the server's environment, as the server's user (docs/deploy-debian.md). Exit code 1 when a
 * check fails; nothing secret is printed.
 */
async function main(): Promise<number> {
  // A test file in BACKUP_DIR, or a lock in DATA_DIR, is this user's only, as the server's files are.
  keepFilesPrivate();
  process.stdout.write("TechHelp doctor: checking this machine's settings, as the server would read them.\n\n");
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // The settings' own messages name the variable and never show a value named like a secret; a URL's credentials go too.
    const lines = error.problems.map((problem) => `✗ Settings: ${hideSecrets(problem, [])}`);
    process.stdout.write(
      `${lines.join('\n')}\n\nThe server would refuse to start with these settings: fix them, then run npm run doctor again.\n`,
    );
    return 1;
  }
  secrets = secretsOf(config);
  const results = await runDoctor(config);
  const { text, failed } = report(results, secrets);
  process.stdout.write(text);
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`The doctor could not finish: ${hideSecrets(error instanceof Error ? error.message : String(error), secrets)}\n`);
    process.exit(1);
  },
);
