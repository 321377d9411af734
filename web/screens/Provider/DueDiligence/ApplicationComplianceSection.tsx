import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Checkbox } from '../../../components/Checkbox.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import type { ApplicationComplianceSection_options$key } from '../../../__generated__/ApplicationComplianceSection_options.graphql.ts';
import { toggled } from '../shared/formRules.ts';
import { ChoiceGrid, FieldGrid, Group, Lead } from '../shared/FormLayout.tsx';
import type { ApplicationSectionProps } from './applicationFormParts.ts';
import { YES_NO_QUESTIONS } from './applicationRules.ts';
import { YesNoQuestion } from './YesNoQuestion.tsx';

const Questions = styled.div`
  display: flex;
  flex-direction: column;
  margin-bottom: 16px;
  padding: 0 12px;
  background: ${({ theme }) => theme.colors.bg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

export type ApplicationComplianceSectionProps = ApplicationSectionProps & { options: ApplicationComplianceSection_options$key };

/** Every yes/no compliance question, asked explicitly, the certifications held, and how data is secured. */
export function ApplicationComplianceSection({ options, values, errors, text, update }: ApplicationComplianceSectionProps) {
  const { certifications } = useFragment(
    graphql`
      fragment ApplicationComplianceSection_options on DiligenceOptions {
        certifications
      }
    `,
    options,
  );
  return (
    <Panel title="Compliance">
      <Lead>Answer every question. Your answers are reviewed with your documentation; nothing is answered for you.</Lead>
      <Questions>
        {YES_NO_QUESTIONS.map((q) => (
          <YesNoQuestion
            key={q.key}
            name={q.key}
            question={q.question}
            value={values[q.key]}
            onChange={(answer) => update({ ...values, [q.key]: answer }, q.key)}
            error={errors[q.key]}
          />
        ))}
      </Questions>
      <Group>
        <legend>Certifications (optional)</legend>
        <ChoiceGrid $min={160}>
          {certifications.map((c) => (
            <Checkbox
              key={c}
              name="complianceCertificates"
              value={c}
              label={c}
              checked={values.complianceCertificates.includes(c)}
              onChange={(e) => update({ ...values, complianceCertificates: toggled(values.complianceCertificates, c, e.target.checked) }, 'complianceCertificates')}
            />
          ))}
        </ChoiceGrid>
      </Group>
      <FieldGrid style={{ marginTop: 16 }}>
        <TextAreaField label="Data storage security" rows={3} maxLength={2000} hint="Optional · encryption at rest, access control" {...text('dataStorageSecurity')} />
        <TextAreaField label="Data transfer security" rows={3} maxLength={2000} hint="Optional · TLS, signed URLs, SFTP…" {...text('dataTransferSecurity')} />
        <TextAreaField className="full" label="Consent documentation" rows={2} maxLength={2000} hint="Optional · how consent is recorded" {...text('consentDocumentation')} />
      </FieldGrid>
    </Panel>
  );
}
