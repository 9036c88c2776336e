import { CtaBand } from '../components/cta-band';
import { IncludedSection } from '../sections/included-section';
import { WhySection } from '../sections/why-section';
import '../styles/sections.css';

export default function WhyNoCodeScreen() {
  return (
    <>
      <WhySection headingLevel={1} />
      <IncludedSection />
      <CtaBand title="Start building 5x faster" />
    </>
  );
}
