import { serverTool, withDocumentText } from '#server/tools/server-tool';
import { buildJobMatchReport } from '#shared/job-match';
import { DATA_NOT_INSTRUCTIONS, delimited } from './prompt-format.ts';

export const resumeAssistant = serverTool('resume-assistant', {
  system: [
    'You are an expert career coach and resume writer who tailors resumes to a target role and gets them past applicant tracking systems.',
    'Stay truthful: never invent employers, titles, dates, degrees, skills or numbers.',
    DATA_NOT_INSTRUCTIONS,
  ].join(' '),
  buildPrompt: ({ text, jobDescription, tone, role }) => {
    const target = role ? `for the role of ${role}` : 'for the kind of role it aims at';
    return [
      `Rewrite the resume below ${target}, in a ${tone} tone.`,
      '',
      'Instructions:',
      '- Open with a two- to three-sentence summary aimed at the target role.',
      '- Rewrite experience bullets to start with strong action verbs and show impact and results; where a number would help but is missing, add a placeholder such as [X%].',
      jobDescription
        ? '- Mirror the skills and keywords of the job description where the resume truthfully supports them, and put the most relevant experience first.'
        : '- Emphasise the skills and achievements most relevant to the target role.',
      '- Order sections: Summary, Skills, Experience, Education, then any others the original has.',
      '- Output the complete optimized resume in Markdown (headings and bullets), then a `## Suggestions` section with three to five short tips for gaps the candidate could address.',
      '',
      ...(jobDescription ? [delimited('job_description', jobDescription), ''] : []),
      delimited('resume', text),
    ].join('\n');
  },
  userMessage: ({ text, jobDescription, tone, role }, document) =>
    [
      ...(role ? [`Target role: ${role}`] : []),
      `Tone: ${tone}`,
      ...(jobDescription ? ['', 'Job description:', jobDescription] : []),
      '',
      // A file is kept with the chat as it is: its name stands for it here.
      ...(document ? [`Resume: ${document.name}`, ...(text ? [text] : [])] : ['Resume:', text]),
    ].join('\n'),
  matchReport: (input, document, answer) =>
    typeof input.jobDescription === 'string' && input.jobDescription !== ''
      ? buildJobMatchReport({
          jobDescription: input.jobDescription,
          originalResume: String(withDocumentText(input, document).text ?? ''),
          optimizedResume: answer,
        })
      : null,
});
