import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Panel } from '../../../components/Panel.tsx';
import { monoCaps } from '../../shared/figureText.ts';

export type Step = { title: string; body: ReactNode };

const List = styled.ol`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;
  counter-reset: step;
`;

const Item = styled.li`
  position: relative;
  display: grid;
  grid-template-columns: 28px minmax(0, 1fr);
  gap: 12px;
  padding-bottom: 16px;
  counter-increment: step;

  &:last-child {
    padding-bottom: 0;
  }

  &::before {
    content: counter(step, decimal-leading-zero);
    display: grid;
    place-items: center;
    width: 28px;
    height: 28px;
    border: 1px solid ${({ theme }) => theme.colors.upBorder};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.upSoft};
    color: ${({ theme }) => theme.colors.up};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: 700;
  }

  /* the rail between two numbers */
  &:not(:last-child)::after {
    content: '';
    position: absolute;
    left: 13.5px;
    top: 32px;
    bottom: 4px;
    width: 1px;
    background: ${({ theme }) => theme.colors.border};
  }
`;

const Text = styled.div`
  display: flex;
  flex-direction: column;
  gap: 3px;
  padding-top: 4px;

  strong {
    ${monoCaps({ size: 'sm', colour: 'textStrong' })}
  }
  span {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: 1.45;
  }
`;

export type StepsProps = { title: string; steps: Step[]; footer?: ReactNode };

/** A numbered explainer in a panel (how a listing or an application goes through review). */
export function Steps({ title, steps, footer }: StepsProps) {
  return (
    <Panel title={title}>
      <List aria-label={title}>
        {steps.map((s) => (
          <Item key={s.title}>
            <Text>
              <strong>{s.title}</strong>
              <span>{s.body}</span>
            </Text>
          </Item>
        ))}
      </List>
      {footer}
    </Panel>
  );
}
