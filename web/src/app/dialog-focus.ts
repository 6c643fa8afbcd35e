/**
 * Closing a dialog gives focus back to the control that opened it (keyboard users would otherwise
 * start again from the top of the page). Mantine's Modal does this only when its `opened` prop turns
 * false, but the dialogs here are mounted already open and unmounted to close
 * (`{editing && <Dialog opened … />}`), which it never sees, so focus fell to <body>. This watches
 * dialogs appear and leave the page instead, whichever way they are written.
 */
export function returnFocusAfterDialogs(doc: Document = document): () => void {
  const openers = new Map<Element, HTMLElement>();
  const observer = new MutationObserver(() => {
    // A new dialog takes focus a moment after it is inserted, so what has focus now is its opener.
    const active = doc.activeElement;
    for (const dialog of doc.querySelectorAll('[role="dialog"]')) {
      if (
        !openers.has(dialog) &&
        active instanceof HTMLElement &&
        active !== doc.body &&
        !dialog.contains(active)
      ) {
        openers.set(dialog, active);
      }
    }
    for (const [dialog, opener] of openers) {
      if (dialog.isConnected) continue;
      openers.delete(dialog);
      // Only where focus went nowhere (Mantine may have placed it already), and only to a control still on the page.
      setTimeout(() => {
        const now = doc.activeElement;
        if ((now === null || now === doc.body) && opener.isConnected) opener.focus({ preventScroll: true });
      });
    }
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}
