import type { FormSectionProps } from '../shared/useFormAnswers.ts';
import type { AckKey, ListingField, ListingValues } from './listingRules.ts';

// What ListingForm hands each of its sections: the answers, the messages and two ways to change them.

/** The free-text and select answers (everything but the access type, enterprise flag and acknowledgments). */
export type ListingTextKey = Exclude<keyof ListingValues, 'isEnterprise' | 'dataAccessType' | AckKey>;

export type ListingSectionProps = FormSectionProps<ListingValues, ListingTextKey, ListingField>;
