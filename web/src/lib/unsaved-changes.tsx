import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useState } from 'react';
import { Outlet, useBlocker, type BlockerFunction } from 'react-router-dom';

/** The forms that hold typed data not yet saved, each by a key of its own. */
type DirtyForms = Set<symbol>;

const DirtyFormsContext = createContext<DirtyForms | null>(null);

// Fetched when first needed: the landing page, inside this guard too, does not download a dialog.
const LeaveFormDialog = lazy(() =>
  import('./leave-form-dialog').then((m) => ({ default: m.LeaveFormDialog })),
);

/**
 * A form with typed data not saved yet says so here (`dirty`); while any does, leaving the page
 * (a link, Back, a reload, closing the tab) asks first. Every form with unsaved state calls this.
 */
export function useUnsavedChanges(dirty: boolean): void {
  const forms = useContext(DirtyFormsContext);
  useEffect(() => {
    if (!dirty || !forms) return;
    const key = Symbol('dirty form');
    forms.add(key);
    return () => {
      forms.delete(key);
    };
  }, [dirty, forms]);
}

/**
 * A move to another address leaves the form, a tab of the same page included (?tab=, which unmounts
 * the tab it leaves); a change of the hash alone does not.
 */
const leavesForm: BlockerFunction = ({ currentLocation, nextLocation }) =>
  currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search;

/**
 * The one place that asks (a router has one blocker): the routes render inside it. Navigations
 * within the app get the dialog below; a reload or a closed tab gets the browser's own question,
 * the only one a page may ask then.
 */
export function UnsavedChangesGuard() {
  const [forms] = useState<DirtyForms>(() => new Set());
  const blocker = useBlocker(
    useCallback<BlockerFunction>((args) => forms.size > 0 && leavesForm(args), [forms]),
  );

  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (forms.size === 0) return;
      event.preventDefault();
      // Chromium before 119 and Safari still ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [forms]);

  return (
    <DirtyFormsContext.Provider value={forms}>
      <Outlet />
      {blocker.state === 'blocked' && (
        <Suspense>
          <LeaveFormDialog onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />
        </Suspense>
      )}
    </DirtyFormsContext.Provider>
  );
}
