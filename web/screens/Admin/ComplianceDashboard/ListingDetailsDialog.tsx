import { useId, type ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { buttonStyles, type ButtonStyleProps } from '../../../components/buttonStyles.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { Icon } from '../../../components/Icon.tsx';
import type { ListingDetailsDialog_contract$key } from '../../../__generated__/ListingDetailsDialog_contract.graphql.ts';
import { formatBytes, formatCount, formatMoney, formatTimestamp, prettyJson, plural } from '../../../format/format.ts';
import { dataFormatLabel, deliveryMethodLabel, frequencyLabel, humanize, pricingModelLabel, statusLabel, statusTone } from '../../../format/labels.ts';

const NOT_SPECIFIED = 'Not specified';

const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: 18px;
`;

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 10px;
  min-width: 0;

  & + & {
    padding-top: 16px;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const SectionTitle = styled.h3`
  display: flex;
  align-items: center;
  gap: 8px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.wide};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.up};

  &::before {
    content: '';
    width: 6px;
    height: 6px;
    background: currentColor;
    border-radius: 1px;
  }
`;

const Grid = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(190px, 1fr));
  gap: 10px 18px;
  margin: 0;

  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: 10px 14px;
  }
`;

/** Fields beside the sample rows on wide screens, one above the other on phones. */
const StructureGrid = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 12px 18px;
  margin: 0;

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 2.2fr);
  }
`;

const Item = styled.div<{ $wide?: boolean }>`
  min-width: 0;
  ${({ $wide }) => ($wide ? 'grid-column: 1 / -1;' : '')}

  dt {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xxs};
    font-weight: 700;
    letter-spacing: ${({ theme }) => theme.tracking.label};
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textDim};
  }
  dd {
    margin: 3px 0 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
    color: ${({ theme }) => theme.colors.text};
    overflow-wrap: anywhere;
    white-space: pre-line;
  }
  dd[data-missing='true'] {
    color: ${({ theme }) => theme.colors.textDim};
    font-style: italic;
  }
  .figure {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-variant-numeric: tabular-nums;
  }
  a {
    color: ${({ theme }) => theme.colors.blue};
  }
`;

const Files = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const FileCard = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: center;
  gap: 8px 16px;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.panelAlt};

  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const FileName = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 4px 10px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.textStrong};
  overflow-wrap: anywhere;

  .size {
    font-weight: 400;
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Hash = styled.div`
  margin-top: 4px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  color: ${({ theme }) => theme.colors.textDim};
  word-break: break-all;
`;

const DownloadLink = styled.a<ButtonStyleProps>`
  ${buttonStyles}
`;

const Missing = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-style: italic;
  color: ${({ theme }) => theme.colors.textDim};
`;

// focusable, so the keyboard can scroll a long sample
const Code = styled.pre.attrs({ tabIndex: 0 })`
  max-height: 260px;
  margin: 3px 0 0;
  padding: 10px 12px;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.bg};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: 1.55;
  white-space: pre;
  tab-size: 2;
`;

function Field({ label, value, wide, figure }: { label: string; value: ReactNode; wide?: boolean; figure?: boolean }) {
  const missing = value == null || value === '';
  return (
    <Item $wide={wide} data-field={label}>
      <dt>{label}</dt>
      <dd data-missing={missing || undefined} className={figure && !missing ? 'figure' : undefined}>
        {missing ? NOT_SPECIFIED : value}
      </dd>
    </Item>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Section aria-labelledby={id}>
      <SectionTitle id={id}>{title}</SectionTitle>
      {children}
    </Section>
  );
}

export type ListingDetailsDialogProps = {
  contract: ListingDetailsDialog_contract$key;
  /** a decision is in flight */
  disabled?: boolean;
  onApprove: () => void;
  onReject: () => void;
  onClose: () => void;
};

/**
 * Everything a reviewer needs to decide on a listing: basic info,
 * pricing and technical specs, data access and files, data structure, submission details.
 */
export function ListingDetailsDialog({ contract, disabled = false, onApprove, onReject, onClose }: ListingDetailsDialogProps) {
  const c = useFragment(
    graphql`
      fragment ListingDetailsDialog_contract on Contract {
        title
        categoryLabel
        status
        description
        provider {
          name
        }
        dataSource
        geographicCoverage
        sampleSize
        price
        pricingModel
        recordCount
        fieldCount
        dataFormat
        deliveryMethod
        updateFrequency
        dataAccessType
        dataAccessUrl
        accessInstructions
        files {
          id
          fileName
          size
          sha256
          contentType
          downloadUrl
        }
        dataFields
        sampleData
        createdAt
        isEnterprise
      }
    `,
    contract,
  );
  const files = c.files ?? [];
  const sample = Array.isArray(c.sampleData) ? c.sampleData : c.sampleData == null ? [] : [c.sampleData];

  return (
    <Dialog
      open
      width={860}
      title="Data Listing Details"
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
          <Button variant="danger" icon={<Icon name="x" size={14} />} disabled={disabled} onClick={onReject}>
            Reject
          </Button>
          <Button variant="primary" icon={<Icon name="check" size={14} />} disabled={disabled} onClick={onApprove}>
            Approve
          </Button>
        </>
      }
    >
      <Sections>
        <Block title="Basic Information">
          <Grid>
            <Field label="Title" value={c.title} wide />
            <Field label="Category" value={c.categoryLabel} />
            <Field label="Provider" value={c.provider?.name || 'Unknown'} />
            <Field
              label="Status"
              value={
                <Badge tone={statusTone(c.status)} size="sm">
                  {statusLabel(c.status)}
                </Badge>
              }
            />
            <Field label="Description" value={c.description} wide />
            <Field label="Data Source" value={c.dataSource} wide />
          </Grid>
        </Block>

        <Block title="Pricing & Technical Specs">
          <Grid>
            <Field label="Price" value={c.price != null ? formatMoney(c.price) : null} figure />
            <Field label="Pricing Model" value={pricingModelLabel(c.pricingModel)} />
            <Field label="Record Count" value={c.recordCount != null ? formatCount(c.recordCount) : null} figure />
            <Field label="Field Count" value={c.fieldCount != null ? formatCount(c.fieldCount) : null} figure />
            <Field label="Data Format" value={c.dataFormat ? dataFormatLabel(c.dataFormat) : null} />
            <Field label="Delivery Method" value={deliveryMethodLabel(c.deliveryMethod)} />
            <Field label="Update Frequency" value={frequencyLabel(c.updateFrequency)} />
            <Field label="Sample Size" value={c.sampleSize} />
            <Field label="Geographic Coverage" value={c.geographicCoverage} />
          </Grid>
        </Block>

        <Block title="Data Access & Files">
          {files.length === 0 ? (
            <Missing>No file uploaded</Missing>
          ) : (
            <Files aria-label="Uploaded files">
              {files.map((f) => (
                <FileCard key={f.id}>
                  <div>
                    <FileName>
                      <span data-testid="file-name">{f.fileName}</span>
                      <span className="size" data-testid="file-size">
                        {formatBytes(f.size)}
                      </span>
                      <span className="size">{f.contentType}</span>
                    </FileName>
                    <Hash title="SHA-256 of the uploaded bytes">
                      SHA-256 <span data-testid="file-sha256">{f.sha256}</span>
                    </Hash>
                  </div>
                  <DownloadLink
                    href={f.downloadUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    $variant="secondary"
                    $size="sm"
                    $fullWidth={false}
                  >
                    <Icon name="download" size={12} />
                    Download Sample
                  </DownloadLink>
                </FileCard>
              ))}
            </Files>
          )}
          <Grid>
            <Field label="Access Type" value={c.dataAccessType ? humanize(c.dataAccessType) : null} />
            <Field
              label="External Access Link"
              wide
              value={
                c.dataAccessUrl ? (
                  <a href={c.dataAccessUrl} target="_blank" rel="noopener noreferrer nofollow">
                    {c.dataAccessUrl}
                  </a>
                ) : null
              }
            />
            <Field label="Access Instructions" value={c.accessInstructions} wide />
          </Grid>
        </Block>

        <Block title="Data Structure">
          <StructureGrid>
            <Item data-field="Data Fields">
              <dt>Data Fields ({formatCount(c.dataFields.length)})</dt>
              <dd>{c.dataFields.length ? <Code data-testid="data-fields-json">{prettyJson(c.dataFields)}</Code> : NOT_SPECIFIED}</dd>
            </Item>
            <Item data-field="Sample Data">
              <dt>Sample Data ({plural(sample.length, 'row')})</dt>
              <dd>{sample.length ? <Code data-testid="sample-data-json">{prettyJson(c.sampleData)}</Code> : NOT_SPECIFIED}</dd>
            </Item>
          </StructureGrid>
        </Block>

        <Block title="Submission Details">
          <Grid>
            <Field label="Submitted" value={<time dateTime={c.createdAt}>{formatTimestamp(c.createdAt)}</time>} figure />
            <Field label="Enterprise Listing" value={c.isEnterprise ? 'Yes' : 'No'} />
          </Grid>
        </Block>
      </Sections>
    </Dialog>
  );
}
