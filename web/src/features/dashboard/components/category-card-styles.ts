/**
 * A category card's frame, title and search box as plain elements under one styled class. The
 * dashboard shows four cards as it opens; as MUI's Paper, Typography and small outlined
 * TextField with its adornment and icon they were about ten components each to render and style.
 * The rules follow MUI's own (outlined Paper, the theme's h2 at a card's size, a small outlined
 * input with a start icon), so the cards look as they did.
 */
import { styled } from '@mui/material/styles';

export const cardClasses = {
  header: 'CategoryCard-header',
  title: 'CategoryCard-title',
  count: 'CategoryCard-count',
  tools: 'CategoryCard-tools',
  search: 'CategoryCard-search',
  searchIcon: 'CategoryCard-searchIcon',
} as const;

/** The search box's width beside the title (on phones it takes the whole row). */
const SEARCH_WIDTH = 280;

/**
 * The card: an outlined paper with its category's colour along the top (the `borderTopColor`
 * of its inline style).
 */
export const CardSection = styled('section')(({ theme }) => {
  const { palette } = theme;
  const outline = palette.mode === 'light' ? 'rgba(0, 0, 0, 0.23)' : 'rgba(255, 255, 255, 0.23)';
  return {
    backgroundColor: palette.background.paper,
    color: palette.text.primary,
    border: `1px solid ${palette.divider}`,
    borderTopWidth: 4,
    borderRadius: theme.shape.borderRadius,
    padding: theme.spacing(2),
    [theme.breakpoints.up('sm')]: { padding: theme.spacing(2.5) },
    [`& .${cardClasses.header}`]: {
      display: 'flex',
      flexWrap: 'wrap',
      gap: theme.spacing(2),
      alignItems: 'center',
      justifyContent: 'space-between',
      marginBottom: theme.spacing(2),
    },
    [`& .${cardClasses.title}`]: { ...theme.typography.h2, fontSize: '1.25rem', margin: 0 },
    [`& .${cardClasses.count}`]: {
      ...theme.typography.body1,
      fontSize: '1rem',
      color: palette.text.secondary,
    },
    [`& .${cardClasses.tools}`]: {
      display: 'flex',
      flexWrap: 'wrap',
      gap: theme.spacing(1.5),
      width: '100%',
      [theme.breakpoints.up('sm')]: { width: 'auto' },
    },
    [`& .${cardClasses.search}`]: {
      ...theme.typography.body1,
      boxSizing: 'border-box',
      display: 'inline-flex',
      alignItems: 'center',
      gap: theme.spacing(1),
      width: '100%',
      [theme.breakpoints.up('sm')]: { width: SEARCH_WIDTH },
      paddingLeft: 14,
      borderRadius: theme.shape.borderRadius,
      border: `1px solid ${outline}`,
      color: palette.text.primary,
      cursor: 'text',
      '&:hover': { borderColor: palette.text.primary },
      // MUI's 2px focused outline, without moving the text.
      '&:focus-within': {
        borderColor: palette.primary.main,
        boxShadow: `inset 0 0 0 1px ${palette.primary.main}`,
      },
      '& input': {
        font: 'inherit',
        letterSpacing: 'inherit',
        color: 'currentColor',
        flex: 1,
        minWidth: 0,
        boxSizing: 'content-box',
        height: '1.4375em',
        margin: 0,
        padding: '8.5px 14px 8.5px 0',
        border: 0,
        background: 'none',
        outline: 0,
        '&::placeholder': { color: 'currentColor', opacity: palette.mode === 'light' ? 0.42 : 0.5 },
      },
    },
    [`& .${cardClasses.searchIcon}`]: {
      width: 20,
      height: 20,
      flexShrink: 0,
      color: palette.action.active,
    },
  };
});
