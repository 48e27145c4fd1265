import { Section } from './section.tsx';

/** A titled section of numbered steps (the agency's process, payment and booking steps). */
export function StepsSection({ id, heading, steps }: { id: string; heading: string; steps: readonly { title: string; text: string }[] }) {
  return (
    <Section id={id} heading={heading}>
      <ol className="steps">
        {steps.map((step) => (
          <li className="step" key={step.title}>
            <h3 className="step__title">{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
