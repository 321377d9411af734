import { useState } from 'react';
import { Button } from './Button.tsx';
import { useToast } from './toast/useToast.ts';

export type CopyButtonProps = {
  text: string;
  /** accessible name, e.g. 'Copy API key' */
  label: string;
};

/** Copies `text` to the clipboard and says so for two seconds. */
export function CopyButton({ text, label }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const { toast } = useToast();
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-label={label}
      onClick={() => {
        navigator.clipboard
          .writeText(text)
          .then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          })
          .catch(() => toast({ variant: 'warning', title: 'Copy Failed', description: 'Select the text and copy it by hand.' }));
      }}
    >
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
