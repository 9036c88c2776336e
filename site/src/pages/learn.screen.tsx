import { CtaBand } from '../components/cta-band';
import { LearnSection } from '../sections/learn-section';
import { PlatformIntro } from '../sections/platform-intro';
import '../styles/sections.css';

export default function LearnScreen() {
  return (
    <>
      <div className="page-top" />
      <LearnSection headingLevel={1} />
      <PlatformIntro />
      <CtaBand />
    </>
  );
}
