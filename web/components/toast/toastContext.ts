import { createContext, type ReactNode } from 'react';

// One toast visible at a time; default display time 5000 ms; swipe right with a 50 px threshold
// dismisses; F8 focuses the toast viewport (the specified toast behaviour).

/** 'default' is a success (green), 'warning' something to act on (amber), 'destructive' a failure (red). */
export type ToastVariant = 'default' | 'warning' | 'destructive';

export type ToastOptions = {
  title: ReactNode;
  description?: ReactNode;
  /** 'warning' is amber, 'destructive' red (default 'default', green) */
  variant?: ToastVariant;
  /** ms before it hides itself (default: the provider's duration, 5000); Infinity keeps it until closed */
  duration?: number;
};

export type ToastHandle = { id: string; dismiss: () => void };

export type ToastApi = {
  /** shows a toast, replacing the visible one */
  toast: (options: ToastOptions) => ToastHandle;
  /** hides the toast with this id, or whatever is visible when no id is given */
  dismiss: (id?: string) => void;
};

export type ToastRecord = ToastOptions & { id: string; duration: number; variant: ToastVariant };

export const TOAST_DEFAULT_DURATION = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

export const ToastContext = createContext<ToastApi | null>(null);
