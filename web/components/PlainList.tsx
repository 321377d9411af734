import styled from 'styled-components';

/** A list without bullets or indent: its rows draw their own lines. */
export const PlainList = styled.ul`
  && {
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;
