import { useState } from 'react';
import { useToast } from '../../../components/toast/useToast.ts';
import { useRequestDataAccessMutation } from './RequestDataAccessMutation.ts';
import { useRotateApiKeyMutation } from './RotateApiKeyMutation.ts';

/**
 * A purchase's API key from the library: reading access (which never changes a key: it shows the
 * prefix, or issues the first key) and rotating it. A key shown in full is kept as `fullKey` until
 * dismissed; `onUsed` follows every use (the access log is read again), `onShown` opens the
 * developer panel where the key is used.
 */
export function useApiKeyActions(purchaseId: string, { onUsed, onShown }: { onUsed: () => void; onShown: () => void }) {
  const { toast } = useToast();
  const [request, requesting] = useRequestDataAccessMutation();
  const [rotate, rotating] = useRotateApiKeyMutation();
  const [fullKey, setFullKey] = useState<string | null>(null);

  function requestAccess() {
    const failed = () => {
      toast({ variant: 'destructive', title: 'Access Failed', description: 'Unable to access data. Please check your subscription.' });
    };
    request({
      variables: { input: { purchaseId } },
      onCompleted: ({ requestDataAccess: r }) => {
        onUsed();
        if (r.__typename !== 'MutationRequestDataAccessSuccess' || !r.data) return failed();
        onShown();
        if (r.data.apiKey) {
          // this purchase had no key yet: the one issued now is shown this once
          setFullKey(r.data.apiKey);
          toast({ title: 'Data Access Granted', description: 'Your API key is shown once below: copy it now.' });
        } else {
          // reading access changes no key: the one the buyer saved keeps working
          toast({
            title: 'Your API Key',
            description: `It starts ${r.data.apiKeyPrefix ?? ''}…: the key shown in full when you paid (or rotated) keeps working. Lost it? Rotate key issues a new one.`,
          });
        }
      },
      onError: failed,
    });
  }

  /** `settled` runs when the answer is in, whatever it says (the confirmation closes). */
  function rotateKey(settled: () => void) {
    const failed = (message?: string) => {
      toast({ variant: 'destructive', title: 'Rotation Failed', description: message || 'The key could not be rotated. Please try again.' });
    };
    rotate({
      variables: { input: { purchaseId } },
      onCompleted: ({ rotateApiKey: r }) => {
        settled();
        onUsed();
        if (r.__typename !== 'MutationRotateApiKeySuccess' || !r.data?.apiKey) return failed(r.__typename === '%other' || r.__typename === 'MutationRotateApiKeySuccess' ? undefined : r.message);
        setFullKey(r.data.apiKey);
        onShown();
        toast({ title: 'API Key Rotated', description: 'The old key no longer works. The new one is shown once below.' });
      },
      onError: (error) => {
        settled();
        failed(error.message);
      },
    });
  }

  return { fullKey, dismissKey: () => setFullKey(null), requestAccess, requesting, rotateKey, rotating };
}
