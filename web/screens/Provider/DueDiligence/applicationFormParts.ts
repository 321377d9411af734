import type { FormSectionProps } from '../shared/useFormAnswers.ts';
import type { ApplicationField, ApplicationValues, TextKey } from './applicationRules.ts';

/** What ApplicationForm hands each of its sections. */
export type ApplicationSectionProps = FormSectionProps<ApplicationValues, TextKey, ApplicationField>;
