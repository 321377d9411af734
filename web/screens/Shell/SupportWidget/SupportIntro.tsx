import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';

export type SupportIntroProps = {
  onStart: () => void;
  /** e.g. why a linked ticket did not open here */
  notice: string | null;
  autoFocus: boolean;
};

const Wrap = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 10px;
  padding: 24px 20px;
  text-align: center;
`;

const Mark = styled.span`
  display: grid;
  place-items: center;
  width: 52px;
  height: 52px;
  margin-bottom: 4px;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.colors.upBorder};
  background: ${({ theme }) => theme.colors.upSoft};
  color: ${({ theme }) => theme.colors.up};
`;

const Title = styled.h3`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.textStrong};
`;

const Lead = styled.p`
  margin-bottom: 10px;
  font-size: ${({ theme }) => theme.fontSizes.base};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Notice = styled.p`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  margin-bottom: 8px;
  padding: 8px 10px;
  border: 1px solid ${({ theme }) => theme.colors.amberBorder};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.amberSoft};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.45;
  text-align: left;

  svg { flex: none; margin-top: 1px; color: ${({ theme }) => theme.colors.amber}; }
`;

/** The first view: what the widget is for, and the way to a new ticket. */
export function SupportIntro({ onStart, notice, autoFocus }: SupportIntroProps) {
  const startRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (autoFocus) startRef.current?.focus();
    // only as the intro appears
  }, []);

  return (
    <Wrap>
      {notice && (
        <Notice role="status" data-testid="support-notice">
          <Icon name="info" size={15} />
          <span>{notice}</span>
        </Notice>
      )}
      <Mark aria-hidden="true">
        <Icon name="help" size={26} />
      </Mark>
      <Title>Need Help?</Title>
      <Lead>Get support from our team</Lead>
      <Button ref={startRef} variant="primary" onClick={onStart} data-autofocus>
        Start New Support Request
      </Button>
    </Wrap>
  );
}
