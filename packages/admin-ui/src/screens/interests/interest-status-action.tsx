import { INTEREST_STATUS_ORDER, INTEREST_STATUSES, type Interest, type InterestStatus } from '@workshop/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { useAppApi } from '../../app/app-api';

const NEXT_LABEL: Record<InterestStatus, string> = { interested: '', contacted: 'Mark Contacted', converted: 'Mark Converted' };

/** Moves an interest one step forward (interested → contacted → converted); the server refuses going back. */
export function InterestStatusAction({ interest, disabled, onChanged }: { interest: Interest; disabled: boolean; onChanged: () => void }) {
  const api = useApi();
  const { message } = useAppApi();
  const [busy, setBusy] = useState(false);
  const next = INTEREST_STATUSES.find((s) => INTEREST_STATUS_ORDER[s] === INTEREST_STATUS_ORDER[interest.status] + 1);
  if (!next) return null;

  async function advance() {
    setBusy(true);
    try {
      await api.admin.interests.setStatus(interest.id, next!);
      message.success(`Marked as ${next}`);
      onChanged();
    } catch (err) {
      message.error(err instanceof Error && err.message ? err.message : 'Failed to update interest');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button size="small" onClick={advance} loading={busy} disabled={disabled} data-testid="interest-advance">
      {NEXT_LABEL[next]}
    </Button>
  );
}
