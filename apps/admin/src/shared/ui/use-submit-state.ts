import { useState } from 'react';
import { errorMessage } from '../lib/api';

/**
 * The state of a dialog that sends what the operator entered: busy while the call runs, and the server's
 * message when it failed, for the dialog to show while it stays open. `submit` answers whether the call
 * succeeded.
 */
export const useSubmitState = () => {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const submit = async (send: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(undefined);
    try {
      await send();
      return true;
    } catch (caught) {
      setFailure(errorMessage(caught));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, setFailure, submit };
};
