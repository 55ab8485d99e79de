/** How long a page in flight may still finish after Ctrl-C, before it is abandoned. */
export const SIGINT_GRACE_MS = 1000;

/**
 * Ctrl-C during an export: the first asks to stop after the page in flight (`onStop`), which has
 * SIGINT_GRACE_MS to finish; then, or at a second Ctrl-C, `controller` aborts it. A call waiting
 * for the rate window (up to a minute) or a slow answer is abandoned: its page is fetched again on
 * resume, nothing is written twice. Returns the function that removes the handler.
 */
export function onInterrupt(
  signals: NodeJS.EventEmitter,
  controller: AbortController,
  onStop: () => void,
): () => void {
  let stopping = false;
  let grace: ReturnType<typeof setTimeout> | undefined;
  const handler = (): void => {
    if (stopping) {
      controller.abort();
      return;
    }
    stopping = true;
    onStop();
    grace = setTimeout(() => controller.abort(), SIGINT_GRACE_MS);
  };
  signals.on('SIGINT', handler);
  return () => {
    clearTimeout(grace);
    signals.off('SIGINT', handler);
  };
}
