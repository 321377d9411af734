import { graphql, useFragment } from 'react-relay';
import type { ContractFigures_contract$key } from '../../../__generated__/ContractFigures_contract.graphql.ts';
import { formatCompact, formatCount, plural } from '../../../format/format.ts';
import { words } from '../../../format/labels.ts';
import { Figure } from './contractCardParts.ts';

/** Volume, fields, format and delivery of a contract: the terms of a <dl> its layout provides. */
export function ContractFigures({ contract }: { contract: ContractFigures_contract$key }) {
  const c = useFragment(
    graphql`
      fragment ContractFigures_contract on Contract {
        recordCount
        fieldCount
        dataFormat
        deliveryMethod
      }
    `,
    contract,
  );
  return (
    <>
      <Figure>
        <dt>VOLUME</dt>
        <dd data-testid="contract-volume" title={c.recordCount != null ? plural(c.recordCount, 'record') : undefined}>
          {formatCompact(c.recordCount)}
        </dd>
      </Figure>
      <Figure>
        <dt>FIELDS</dt>
        <dd>{formatCount(c.fieldCount)}</dd>
      </Figure>
      <Figure>
        <dt>FORMAT</dt>
        <dd>{c.dataFormat}</dd>
      </Figure>
      <Figure>
        <dt>DELIVERY</dt>
        <dd>{words(c.deliveryMethod)}</dd>
      </Figure>
    </>
  );
}
