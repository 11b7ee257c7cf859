/**
 * Files that hold the shop's data (the KV file, backups) are readable by their owner only:
 * 0600 files in 0700 folders, whatever the umask.
 */

const ignoreMissing = (err: unknown) => {
  if (!(err instanceof Deno.errors.NotFound)) throw err;
};

/**
 * Creates `dir` (and its parents) as 0700 and tightens an existing one, unless it is shared by
 * nature (world-writable or sticky, like /tmp) or the working folder: those are not ours.
 */
export async function privateFolder(dir: string): Promise<void> {
  await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
  if ([".", "./", "", "/"].includes(dir)) return;
  const mode = (await Deno.stat(dir)).mode ?? 0;
  if ((mode & 0o1002) === 0 && (mode & 0o777) !== 0o700) await Deno.chmod(dir, 0o700);
}

/** Makes the file at `path` 0600, with the `-wal` and `-shm` files SQLite keeps beside it. */
export async function restrictFileModes(path: string): Promise<void> {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    await Deno.chmod(file, 0o600).catch(ignoreMissing);
  }
}

/** Creates an empty file as 0600 if there is none, so what opens it later inherits the mode. */
export async function createPrivateFile(path: string): Promise<void> {
  try {
    (await Deno.open(path, { createNew: true, write: true, mode: 0o600 })).close();
  } catch (err) {
    if (!(err instanceof Deno.errors.AlreadyExists)) throw err;
  }
}
