import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageFrame } from '../../../components/page-frame';

export interface LegalSection {
  heading: string;
  /** Paragraphs; a null one (a sentence about a setting the deployment lacks) is left out. */
  body: (ReactNode | null)[];
}

interface LegalDocumentProps {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}

/** A legal text: title, date, numbered sections. */
export function LegalDocument({ title, updated, intro, sections }: LegalDocumentProps) {
  return (
    <PageFrame title={title} description={`Last updated ${updated}`}>
      <Box component="article" sx={{ maxWidth: 780 }}>
        <Typography sx={{ mb: 3 }}>{intro}</Typography>
        {sections.map((section, index) => (
          <Box component="section" key={section.heading} sx={{ mb: 3 }}>
            <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
              {index + 1}. {section.heading}
            </Typography>
            {section.body
              .filter((paragraph) => paragraph !== null)
              .map((paragraph, i) => (
                <Typography key={i} color="textSecondary" sx={{ mb: 1.5 }}>
                  {paragraph}
                </Typography>
              ))}
          </Box>
        ))}
      </Box>
    </PageFrame>
  );
}
