import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { buttonStyles, type ButtonStyleProps } from '../../../components/buttonStyles.ts';
import { Icon } from '../../../components/Icon.tsx';
import type { ListingFileList_contract$key } from '../../../__generated__/ListingFileList_contract.graphql.ts';
import { formatBytes } from '../../../format/format.ts';
import { stackedList } from '../../shared/boxStyles.ts';

const Files = styled.ul`
  ${stackedList(8)}
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

export type ListingFileListProps = { contract: ListingFileList_contract$key };

/** The listing's uploaded files: name, size, type and SHA-256, each with its download. */
export function ListingFileList({ contract }: ListingFileListProps) {
  const { files } = useFragment(
    graphql`
      fragment ListingFileList_contract on Contract {
        files {
          id
          fileName
          size
          sha256
          contentType
          downloadUrl
        }
      }
    `,
    contract,
  );
  if (!files?.length) return <Missing>No file uploaded</Missing>;
  return (
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
          <DownloadLink href={f.downloadUrl} target="_blank" rel="noopener noreferrer" $variant="secondary" $size="sm" $fullWidth={false}>
            <Icon name="download" size={12} />
            Download Sample
          </DownloadLink>
        </FileCard>
      ))}
    </Files>
  );
}
