import { useState } from 'react';
import styled from 'styled-components';

export type AvatarProps = {
  /** image URL; null/empty or a broken image falls back to initials */
  src?: string | null;
  /** used for the initials and the alt text */
  name: string;
  /** px (default 28) */
  size?: number;
  /** decorative: empty alt (e.g. inside a button that already has a name) */
  decorative?: boolean;
  className?: string;
};

const Frame = styled.span<{ $size: number; $hue: number }>`
  position: relative;
  display: inline-grid;
  place-items: center;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: ${({ theme }) => theme.radii.sm};
  overflow: hidden;
  background: ${({ $hue }) => `hsl(${$hue} 45% 16%)`};
  border: 1px solid ${({ $hue }) => `hsl(${$hue} 50% 30%)`};
  color: ${({ $hue }) => `hsl(${$hue} 70% 72%)`};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ $size }) => Math.max(9, Math.round($size * 0.4))}px;
  font-weight: 700;
  letter-spacing: 0.02em;
  user-select: none;

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0]!.charAt(0);
  const last = parts.length > 1 ? parts[parts.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

function hueOf(name: string): number {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) % 360;
  return h;
}

/** A square avatar: the image, or the initials on a colour derived from the name. */
export function Avatar({ src, name, size = 28, decorative = false, className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = Boolean(src) && failed !== src;
  return (
    <Frame $size={size} $hue={hueOf(name)} className={className} data-testid="avatar">
      {showImage ? (
        <img src={src!} alt={decorative ? '' : name} onError={() => setFailed(src ?? null)} loading="lazy" />
      ) : (
        <span role={decorative ? undefined : 'img'} aria-label={decorative ? undefined : name} aria-hidden={decorative || undefined}>
          {initials(name)}
        </span>
      )}
    </Frame>
  );
}
