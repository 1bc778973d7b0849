import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/client';
import { SessionSecretMismatchError } from './db/shared-secret';
import { startServer, type RunningServer } from './start-server';

/** Requests and jobs in flight get this long to finish (after SHUTDOWN_DRAIN_SECONDS). */
const shutdownTimeoutMs = 25_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  let server: RunningServer;
  try {
    server = await startServer(config);
  } catch (error) {
    if (error instanceof DataDirInUseError || error instanceof SessionSecretMismatchError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      process.stderr.write(`Received ${signal} again; exiting now.\n`);
      process.exit(1);
    }
    stopping = true;
    server.app.log.info(
      { signal, drainSeconds: config.SHUTDOWN_DRAIN_SECONDS },
      'shutting down: draining, then finishing requests and jobs in flight',
    );
    const timer = setTimeout(
      () => {
        process.stderr.write('Shutdown took too long; exiting.\n');
        process.exit(1);
      },
      shutdownTimeoutMs + config.SHUTDOWN_DRAIN_SECONDS * 1000,
    );
    timer.unref();
    server
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        process.stderr.write(`Shutdown failed: ${String(error)}\n`);
        process.exit(1);
      });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Uplink failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
