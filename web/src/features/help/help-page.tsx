import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ALERTS_DISABLED_NOTICE } from '@expiry-radar/shared/messages/notices';
import { PageFrame } from '../../components/page-frame';
import { contactLinks } from '../../lib/contact-links';
import { paths } from '../../lib/paths';

interface Faq {
  question: string;
  answer: ReactNode;
}

const faqs: Faq[] = [
  {
    question: 'I did not receive the verification email.',
    answer:
      'Check your spam folder first. On the verification page, “Resend verification email” sends a new link; only the newest link works. If nothing arrives within a few minutes, contact support.',
  },
  {
    question: 'Why am I not getting any alerts?',
    answer: (
      <>
        A workspace needs at least one channel: email alerts switched on or a webhook. Until then
        the dashboard shows “{ALERTS_DISABLED_NOTICE}”. Set one up in{' '}
        <Link component={RouterLink} to={paths.preferences}>
          Preferences
        </Link>{' '}
        and use the test button to check a webhook.
      </>
    ),
  },
  {
    question: 'How do I renew a token?',
    answer:
      'Click Renew on its row, pick the new expiry date (a default is suggested from the type) and confirm. The alerts are scheduled again for the new date.',
  },
  {
    question: 'Why can I not edit tokens in a workspace?',
    answer:
      'Your role there is Viewer, which is read-only, or the workspace is frozen because its owner moved to a smaller plan. Ask a workspace admin to change your role.',
  },
  {
    question: 'Why is the workspace picker greyed out?',
    answer: (
      <>
        The Free plan has one workspace. Upgrade on the{' '}
        <Link component={RouterLink} to={paths.pricing}>
          pricing page
        </Link>{' '}
        to create more and invite your team.
      </>
    ),
  },
  {
    question: 'What happens to my data if I downgrade?',
    answer:
      'Nothing is deleted. Workspaces beyond the smaller plan’s limits (the number of workspaces, or tokens and members in one) are frozen (read-only, alerts paused). Move their tokens to an active workspace from Account Settings, or upgrade again.',
  },
  {
    question: 'Should I store the secret itself?',
    answer:
      'No. Expiry Radar tracks expiry dates, not secret values. Record where the secret lives and who uses it.',
  },
  {
    question: 'How do I delete my account?',
    answer:
      'In Account Settings (user menu, top right). Deleting the account also deletes the workspaces you own and cannot be undone.',
  },
];

/** /help: frequently asked questions and how to reach support. */
export function HelpPage() {
  const { supportEmail, supportMailto, communityChatUrl } = contactLinks();
  return (
    <PageFrame
      title="Help"
      description="Answers to common questions, and how to reach us when you need a hand."
    >
      <Box
        sx={{
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' },
          alignItems: 'start',
        }}
      >
        <Box component="section" aria-labelledby="faq-title">
          <Typography id="faq-title" variant="h4" component="h2" sx={{ mb: 2 }}>
            Frequently asked questions
          </Typography>
          {faqs.map((faq, index) => (
            <Accordion key={faq.question} disableGutters>
              <AccordionSummary
                expandIcon={<ExpandMore />}
                aria-controls={`faq-${index}-content`}
                id={`faq-${index}-header`}
              >
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {faq.question}
                </Typography>
              </AccordionSummary>
              <AccordionDetails>
                <Typography color="textSecondary">{faq.answer}</Typography>
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
        <Card component="section" aria-labelledby="support-title" sx={{ p: 3 }}>
          <Typography id="support-title" variant="h5" component="h2" sx={{ mb: 1 }}>
            {/* A deployment without a support address or chat offers the documentation only. */}
            {supportMailto || communityChatUrl ? 'Contact support' : 'More help'}
          </Typography>
          {!supportMailto && !communityChatUrl && (
            <Typography color="textSecondary" sx={{ mb: 2 }}>
              The documentation explains every page, and its API reference every route.
            </Typography>
          )}
          {supportMailto && (
            <Typography color="textSecondary" sx={{ mb: 2 }}>
              Write to <Link href={supportMailto}>{supportEmail}</Link>. We answer within one
              business day; include your workspace name and what you were doing.
            </Typography>
          )}
          <Stack spacing={1.5}>
            {supportMailto && (
              <Button variant="contained" href={supportMailto}>
                Email support
              </Button>
            )}
            {communityChatUrl && (
              <Button
                variant="outlined"
                href={communityChatUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                Join the community chat
              </Button>
            )}
            <Button component={RouterLink} to={paths.docs}>
              Read the documentation
            </Button>
          </Stack>
        </Card>
      </Box>
    </PageFrame>
  );
}
