// The consulates' release windows, written once for both runtimes like comum.js (CommonJS, requiring only prazo.js):
// the kit's standby e-mails, the staff opening-day countdown and the demo double read the same functions.

const prazo = require(`${__hooks}/lib/prazo.js`);

/**
 * The consulates' time zone (prazo.js FUSO, São Paulo's): the time a history note states, and any time shown
 * without a zone of its own.
 */
const FUSO_PADRAO = prazo.FUSO;
/** Minutes east of UTC of each consulate's time zone. */
const FUSOS = { [FUSO_PADRAO]: prazo.FUSO_MIN };
const DIA_MS = 86400000;
const HORA = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The offset of `fuso` in minutes, or null for a zone this kit does not know (never guessed). */
function deslocamento(fuso) {
  return Object.prototype.hasOwnProperty.call(FUSOS, fuso) ? FUSOS[fuso] : null;
}

/** A list of windows that can be stored: [{dia: 0-6, hora: 'HH:mm', servico}], or a pt-BR reason. */
function validarJanelas(janelas) {
  if (!Array.isArray(janelas)) return 'As janelas devem ser uma lista.';
  for (let i = 0; i < janelas.length; i++) {
    const j = janelas[i] || {};
    if (!(Number.isInteger(j.dia) && j.dia >= 0 && j.dia <= 6)) {
      return 'Janela ' + (i + 1) + ': escolha o dia da semana.';
    }
    if (!HORA.test(String(j.hora || '')))
      return 'Janela ' + (i + 1) + ': use a hora no formato HH:mm, como 16:00.';
    if (j.servico !== undefined && (typeof j.servico !== 'string' || j.servico.length > 80)) {
      return 'Janela ' + (i + 1) + ': o serviço tem no máximo 80 caracteres.';
    }
  }
  return '';
}

/**
 * Each window's start (epoch ms) on the 8 days from today (local to `fuso`) going forward (`sentido` 1) or back
 * (-1): [{inicioMs, servico}]; [] when the zone is unknown.
 */
function inicios(janelas, fuso, agoraMs, sentido) {
  const desl = deslocamento(fuso);
  if (desl === null || !Array.isArray(janelas)) return [];
  const local = agoraMs + desl * 60000;
  const inicioDoDia = Math.floor(local / DIA_MS) * DIA_MS;
  const hoje = new Date(inicioDoDia).getUTCDay();
  const lista = [];
  for (let d = 0; d <= 7; d++) {
    const semana = (((hoje + sentido * d) % 7) + 7) % 7;
    janelas.forEach((j) => {
      const m = HORA.exec(String(j.hora || ''));
      if (!m || semana !== j.dia) return;
      const minutos = Number(m[1]) * 60 + Number(m[2]);
      lista.push({
        inicioMs: inicioDoDia + sentido * d * DIA_MS + minutos * 60000 - desl * 60000,
        servico: j.servico || '',
      });
    });
  }
  return lista;
}

/**
 * The next window at or after `agoraMs` (epoch ms): {inicioMs, servico}, or null when none is known or the zone
 * is unknown. A window that started less than `toleranciaMs` ago still counts (the minutes slots last).
 */
function proximaJanela(janelas, fuso, agoraMs, toleranciaMs) {
  const tol = toleranciaMs || 0;
  let melhor = null;
  inicios(janelas, fuso, agoraMs, 1).forEach((j) => {
    if (j.inicioMs + tol <= agoraMs) return;
    if (!melhor || j.inicioMs < melhor.inicioMs) melhor = j;
  });
  return melhor;
}

/**
 * The window running at `agoraMs`: the latest start at or before it (epoch ms), or null when none is known or the
 * zone is unknown. A window lasts until the next one starts (the guarantee counts attempts per window).
 */
function janelaAnterior(janelas, fuso, agoraMs) {
  let melhor = null;
  inicios(janelas, fuso, agoraMs, -1).forEach((j) => {
    if (j.inicioMs <= agoraMs && (melhor === null || j.inicioMs > melhor)) melhor = j.inicioMs;
  });
  return melhor;
}

/**
 * The window running at `agoraMs` at a consulate ({ janelas_estado, janelas: the list or its stored JSON text,
 * fuso }): null unless its windows are known.
 */
function janelaEmCurso(consulado, agoraMs) {
  if (!consulado || consulado.janelas_estado !== 'conhecidas') return null;
  let lista = consulado.janelas;
  if (typeof lista === 'string') {
    try {
      lista = JSON.parse(lista || '[]');
    } catch (_) {
      lista = [];
    }
  }
  return janelaAnterior(Array.isArray(lista) ? lista : [], consulado.fuso, agoraMs);
}

/** The offset of `fuso` in minutes; FUSO_PADRAO's when it is not given or unknown. */
function deslocamentoOuPadrao(fuso) {
  const desl = deslocamento(fuso || FUSO_PADRAO);
  return desl === null ? FUSOS[FUSO_PADRAO] : desl;
}

/** 'HH:MM' or 'HH:MM:SS' (segundos) of an instant, local to `fuso` (FUSO_PADRAO when unknown). */
function horaLocal(ms, fuso, segundos) {
  const iso = new Date(ms + deslocamentoOuPadrao(fuso) * 60000).toISOString();
  return iso.slice(11, segundos ? 19 : 16);
}

/** 'dd/mm/aaaa' of an instant, local to `fuso`. */
function diaLocal(ms, fuso) {
  const iso = new Date(ms + deslocamentoOuPadrao(fuso) * 60000).toISOString();
  return iso.slice(8, 10) + '/' + iso.slice(5, 7) + '/' + iso.slice(0, 4);
}

/** The weekday's name ('segunda-feira') of an instant, local to `fuso`. */
function diaDaSemana(ms, fuso) {
  return DIAS[new Date(ms + deslocamentoOuPadrao(fuso) * 60000).getUTCDay()];
}

/** 'hoje às 16:00' or 'em 02/12/2026 às 16:00': a window as the standby page and its e-mail say it. */
function quando(inicioMs, fuso, agoraMs) {
  const dia = diaLocal(inicioMs, fuso);
  return (dia === diaLocal(agoraMs, fuso) ? 'hoje' : 'em ' + dia) + ' às ' + horaLocal(inicioMs, fuso);
}

const DIAS = [
  'domingo',
  'segunda-feira',
  'terça-feira',
  'quarta-feira',
  'quinta-feira',
  'sexta-feira',
  'sábado',
];

module.exports = {
  janelaEmCurso,
  FUSO_PADRAO,
  FUSOS,
  DIAS,
  deslocamento,
  validarJanelas,
  proximaJanela,
  janelaAnterior,
  horaLocal,
  diaLocal,
  diaDaSemana,
  quando,
};
