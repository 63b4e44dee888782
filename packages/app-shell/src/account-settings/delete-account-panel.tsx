import type { TBootstrapDataResponse } from '@cadence/contracts/auth';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fetchBootstrapData, setBootstrapData } from '../bootstrap-store';
import { reportError } from '../report-error';
import { toast } from '../toast-store';
import { useTrans } from '../use-trans';
import { confirmAction } from './confirm-dialog';
import { withPasswordConfirmation } from './password-confirmation';
import { SettingsPanel } from './settings-panel';

/** Spec 2.6 danger zone. */
export function DeleteAccountPanel({ userId }: { userId: number }) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isPending, setIsPending] = useState(false);

  const remove = async () => {
    const isConfirmed = await confirmAction({
      title: trans('Delete account?'),
      body: trans(
        'Your account will be deleted immediately and permanently. Once deleted, accounts can not be restored.',
      ),
      confirmLabel: trans('Delete'),
    });
    if (!isConfirmed) return;
    setIsPending(true);
    try {
      const response = await withPasswordConfirmation(() =>
        apiClient.delete<Partial<TBootstrapDataResponse>>(`users/${userId}`, {
          params: { deleteCurrentUser: true },
        }),
      );
      if (response === undefined) return;
      if (response.bootstrapData) setBootstrapData(response.bootstrapData);
      else await fetchBootstrapData();
      queryClient.clear();
      toast.positive(trans('Account deleted'));
      navigate('/login', { replace: true });
    } catch (error) {
      reportError(error);
    } finally {
      setIsPending(false);
    }
  };

  return (
    <SettingsPanel id="delete-account" title={trans('Danger zone')}>
      <Button variant="danger" onPress={() => void remove()} isPending={isPending} isDisabled={isPending}>
        {trans('Delete account')}
      </Button>
    </SettingsPanel>
  );
}
