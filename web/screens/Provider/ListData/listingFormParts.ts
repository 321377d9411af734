import type { ReactNode } from 'react';
import type { AckKey, ListingErrors, ListingField, ListingValues } from './listingRules.ts';

// What ListingForm hands each of its sections: the answers, the messages and two ways to change them.

/** The free-text and select answers (everything but the access type, enterprise flag and acknowledgments). */
export type ListingTextKey = Exclude<keyof ListingValues, 'isEnterprise' | 'dataAccessType' | AckKey>;

/** The props a TextField, TextAreaField or SelectField takes for an answer. */
export type ListingTextProps = {
  name: ListingTextKey;
  value: string;
  error: ReactNode;
  onChange: (e: { target: { value: string } }) => void;
};

export type ListingSectionProps = {
  values: ListingValues;
  errors: ListingErrors;
  /** the props of a text answer's field */
  text: (key: ListingTextKey) => ListingTextProps;
  /** records a change of any answer */
  update: (next: ListingValues, changed: ListingField) => void;
};
