import { useCallback, useState, type ReactNode } from 'react';
import type { DtDialogResume } from '@drivebay/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiRequestError, noticeForFailure } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { disableDtDialogue, sendDtDialogue } from '../api';

/** What the Send Date Time Dialogue form chooses; the interaction and the enable flag are added here. */
export type DtDialogueChoice = { lastMessage?: string; manualBooking: boolean };

export type DtDialogue = {
  busy: boolean;
  /** Sends the dialogue; true once it went out (after a forced resend, too). */
  send: (choice: DtDialogueChoice) => Promise<boolean>;
  disable: () => Promise<boolean>;
  /** The Yes/No confirm shown when the server refuses: render it once. */
  confirm: ReactNode;
};

/** The refusal's reason: the first field error, else the server's message. */
export function refusalReason(error: unknown): string | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return null;
  return error.details[0]?.message ?? error.serverMessage ?? null;
}

function showFailure(error: unknown) {
  if (!(error instanceof ApiRequestError)) return;
  const notice = noticeForFailure(error.status, error.body);
  if (notice) notify(notice);
}

/**
 * The Date Time Dialogue of one conversation (spec §4): sending it enables it, and when the server
 * refuses (the customer has an appointment, the dialogue had its chance), a Yes/No confirm shows
 * the server's reason; Yes sends it again, forced. `onChanged` runs after every change.
 */
export function useDtDialogue(interactionId: number, onChanged: () => void): DtDialogue {
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ body: DtDialogResume; reason: string } | null>(null);

  const post = useCallback(
    async (body: DtDialogResume): Promise<boolean> => {
      setBusy(true);
      try {
        const result = await sendDtDialogue(body);
        notify({ severity: 'success', message: result.message });
        setRefused(null);
        onChanged();
        return true;
      } catch (error) {
        const reason = body.isForced ? null : refusalReason(error);
        if (reason) setRefused({ body, reason });
        else {
          showFailure(error);
          setRefused(null);
        }
        return false;
      } finally {
        setBusy(false);
      }
    },
    [onChanged],
  );

  const send = useCallback(
    (choice: DtDialogueChoice) => {
      const lastMessage = choice.lastMessage?.trim();
      return post({ id: interactionId, dtDialogEnabled: true, manualBooking: choice.manualBooking, ...(lastMessage ? { lastMessage } : {}) });
    },
    [interactionId, post],
  );

  const disable = useCallback(async () => {
    setBusy(true);
    try {
      const result = await disableDtDialogue(interactionId);
      notify({ severity: 'success', message: result.message });
      onChanged();
      return true;
    } catch {
      // The API client has shown the server's answer.
      return false;
    } finally {
      setBusy(false);
    }
  }, [interactionId, onChanged]);

  const confirm = (
    <ConfirmDialog
      open={refused !== null}
      header="Send Date Time Dialogue"
      message={refused?.reason ?? ''}
      confirmText="Yes"
      cancelText="No"
      loading={busy}
      onConfirm={() => refused && void post({ ...refused.body, isForced: true })}
      onCancel={() => setRefused(null)}
    />
  );

  return { busy, send, disable, confirm };
}
