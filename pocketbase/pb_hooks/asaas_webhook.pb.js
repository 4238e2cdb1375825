// Asaas's webhook: payment events settle charges (risk analysis, Pix received, refunds, chargebacks).

routerAdd('POST', '/payments/asaas/webhook', (e) => require(`${__hooks}/lib/webhook.js`).receber(e));
