import { Link } from 'react-router-dom';
import { faq } from '@/config/content';

/** Native details/summary: keyboard and screen-reader ready, and works before any script runs. */
export function Faq() {
  return (
    <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-16">
      <h2 id="faq-title" className="text-center text-3xl font-bold">
        Dúvidas frequentes
      </h2>
      <div className="mt-8 divide-y divide-gray-200 rounded-2xl border border-gray-200">
        {faq.map((item) => (
          <details key={item.question} className="group px-5 open:bg-brand-50/50">
            <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-4 font-semibold [&::-webkit-details-marker]:hidden">
              <span>{item.question}</span>
              <span
                aria-hidden="true"
                className="text-xl text-brand-700 transition-transform group-open:rotate-45"
              >
                +
              </span>
            </summary>
            <p className={item.more ? 'pb-2 text-ink-700' : 'pb-5 text-ink-700'}>{item.answer}</p>
            {item.more ? (
              <p className="pb-5">
                <Link
                  to={item.more.href}
                  className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
                >
                  {item.more.text}
                </Link>
              </p>
            ) : null}
          </details>
        ))}
      </div>
    </section>
  );
}
