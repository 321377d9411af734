import { graphql, useFragment } from 'react-relay';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { Icon } from '../../../components/Icon.tsx';
import type { ListingDetailsDialog_contract$key } from '../../../__generated__/ListingDetailsDialog_contract.graphql.ts';
import { formatCount, formatMoney, formatTimestamp } from '../../../format/format.ts';
import { dataFormatLabel, deliveryMethodLabel, frequencyLabel, humanize, pricingModelLabel, statusLabel, statusTone } from '../../../format/labels.ts';
import { DialogSection, DialogSections } from '../shared/DialogSection.tsx';
import { ListingFacts, ListingField } from './ListingField.tsx';
import { ListingFileList } from './ListingFileList.tsx';
import { ListingStructure } from './ListingStructure.tsx';

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
        createdAt
        isEnterprise
        ...ListingFileList_contract
        ...ListingStructure_contract
      }
    `,
    contract,
  );

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
      <DialogSections $roomy>
        <DialogSection roomy title="Basic Information">
          <ListingFacts>
            <ListingField label="Title" value={c.title} wide />
            <ListingField label="Category" value={c.categoryLabel} />
            <ListingField label="Provider" value={c.provider?.name || 'Unknown'} />
            <ListingField
              label="Status"
              value={
                <Badge tone={statusTone(c.status)} size="sm">
                  {statusLabel(c.status)}
                </Badge>
              }
            />
            <ListingField label="Description" value={c.description} wide />
            <ListingField label="Data Source" value={c.dataSource} wide />
          </ListingFacts>
        </DialogSection>

        <DialogSection roomy title="Pricing & Technical Specs">
          <ListingFacts>
            <ListingField label="Price" value={c.price != null ? formatMoney(c.price) : null} figure />
            <ListingField label="Pricing Model" value={pricingModelLabel(c.pricingModel)} />
            <ListingField label="Record Count" value={c.recordCount != null ? formatCount(c.recordCount) : null} figure />
            <ListingField label="Field Count" value={c.fieldCount != null ? formatCount(c.fieldCount) : null} figure />
            <ListingField label="Data Format" value={c.dataFormat ? dataFormatLabel(c.dataFormat) : null} />
            <ListingField label="Delivery Method" value={deliveryMethodLabel(c.deliveryMethod)} />
            <ListingField label="Update Frequency" value={frequencyLabel(c.updateFrequency)} />
            <ListingField label="Sample Size" value={c.sampleSize} />
            <ListingField label="Geographic Coverage" value={c.geographicCoverage} />
          </ListingFacts>
        </DialogSection>

        <DialogSection roomy title="Data Access & Files">
          <ListingFileList contract={c} />
          <ListingFacts>
            <ListingField label="Access Type" value={c.dataAccessType ? humanize(c.dataAccessType) : null} />
            <ListingField
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
            <ListingField label="Access Instructions" value={c.accessInstructions} wide />
          </ListingFacts>
        </DialogSection>

        <DialogSection roomy title="Data Structure">
          <ListingStructure contract={c} />
        </DialogSection>

        <DialogSection roomy title="Submission Details">
          <ListingFacts>
            <ListingField label="Submitted" value={<time dateTime={c.createdAt}>{formatTimestamp(c.createdAt)}</time>} figure />
            <ListingField label="Enterprise Listing" value={c.isEnterprise ? 'Yes' : 'No'} />
          </ListingFacts>
        </DialogSection>
      </DialogSections>
    </Dialog>
  );
}
