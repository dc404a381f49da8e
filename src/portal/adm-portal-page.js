/* SPDX-License-Identifier: GPL-3.0-or-later
 * adm-portal-page.js: the script of an admiral's page (adm-portal-page.c), which inlines it
 * without this comment and without a line break: a line ends only where the next may follow
 * with no space between.
 *
 * The countdown ticks from the server's own clock (the phone's may be wrong) and stands still
 * while the master has paused it. Every 5 s, and at once when he comes back to the page (a
 * phone slows or stops a page's timers while it is out of sight), it asks status.json whether
 * anything changed — the campaign, his sheet's status, the clock — and when it has, fetches
 * the page and puts its new parts in place: the clock, his sheet's status, his fleet, what his
 * side knows, his reports; the form too, unless he has begun to fill it in, which is never
 * touched (only its CSRF token follows, so that it can still be handed in); a part whose only
 * change is its CSRF token (the final mark's form in the sheet's head) takes the token and is
 * no news; a line says what changed, in the page's own words. It never reloads the page.
 * F-STRAT-8: choosing a route's leg narrows the next leg to its neighbours.
 *
 * The room's Wi-Fi comes and goes, and the page has no service worker (plain HTTP is no
 * secure context), so it keeps what he writes on his order sheet or his muster in the phone's
 * storage under its own name (body's data-store, his alone:
 * "admiralty:NAME:draft-sheet-CYCLE", "…:draft-muster-0"), and puts it back in the form when
 * the page is loaded again. Every post that changes something — "Hand in the sheet", "Hand in
 * the muster", "Mark my sheet final", "Not final after all" — is kept there too, in the order
 * he made them ("admiralty:NAME:send"), each with an id of its own, and sent — the id and the
 * cycle with it — until the master's computer answers: a repeat of a post it has is answered
 * as the first, so that each is kept once however often the link dropped its answer.
 * Answered, the post and its draft are dropped from the phone. A read-back ("Check") changes
 * nothing: it joins the same queue (one a form, the latest), is sent at once or when the link
 * is back, and its answer is put in place of the form. Drafts and a sheet waiting that the
 * page's earlier version kept ("…:draft-CYCLE", "…:sheet") are moved to these names on the
 * first load, not dropped. A question unanswered in 4 s
 * (the page in 8 s, a post in 10 s), or a link the phone says is gone, shows "offline since
 * 18:32" on top until one is answered (asked every 2.5 s meanwhile); meanwhile the page keeps
 * what it shows, its links, which would leave it, do nothing, and leaving it (a reload, which
 * shows the browser's own error page) is asked about first when something of his is not
 * sent. "Sign out on this phone" drops everything his page kept there. A page that answers a
 * plain post (scripts off) takes his page's own address, so that a reload asks for his page,
 * never posts again. */
(function(){var c=document.getElementById('clock');if(!c)return;
if(!/\/$/.test(location.pathname))history.replaceState(null,'','./');
var d=+c.dataset.deadline,pz=+c.dataset.paused,skew=Date.now()/1000-(+c.dataset.now),
key=c.dataset.key,dirty=false,busy=false,f=document.getElementById('orders'),
B=document.body,S=B.dataset.store,cyc=+B.dataset.cycle,L=document.getElementById('link'),
off=0,back=0,Q=[],sending=null,wait=0,retry=0,stale=0,gone=false,clicked=null;
if(f&&f.dataset.keep==='1')dirty=true;
function bare(o){return o?o.outerHTML.replace(/name="csrf" value="[^"]*"/g,''):''}
var base=bare(f);
function p(n){return(n<10?'0':'')+n}
function fmt(s){var neg=s<0;s=Math.abs(Math.round(s));var h=Math.floor(s/3600),
m=Math.floor(s/60)%60,x=s%60;return(neg?'−':'')+(h?h+':'+p(m):m)+':'+p(x)}
function tick(){var k=document.getElementById('clock');if(!k||pz>=0||!d)return;
k.textContent=fmt(d-(Date.now()/1000-skew))}
function ours(t){return t&&t.form&&t.form.id==='orders'}
function narrow(s){if(!s||s.dataset.leg===undefined)return;
var n=s.form.querySelector('select[name="'+s.name.slice(0,-1)+
String.fromCharCode(s.name.charCodeAt(s.name.length-1)+1)+'"]');if(!n)return;
var o=s.options[s.selectedIndex],a=o&&o.dataset.adj?o.dataset.adj.split(' '):null;
for(var i=1;i<n.options.length;i++){var q=n.options[i];q.disabled=q.hidden=
!!a&&a.indexOf(q.value)<0;if(q.disabled&&q.selected)n.value=''}narrow(n)}
function sk(n){return'admiralty:'+S+':'+n}
function load(n){try{return JSON.parse(localStorage.getItem(sk(n)))}catch(x){return null}}
function keep(n,v){try{if(v===null)localStorage.removeItem(sk(n));
else localStorage.setItem(sk(n),JSON.stringify(v))}catch(x){}}
function mine(){var r=[];try{for(var i=0;i<localStorage.length;i++){var k=localStorage.key(i);
if(k&&k.indexOf(sk(''))===0)r.push(k)}}catch(x){}return r}
function pairs(o){var r=[],e=o?o.elements:[];for(var i=0;i<e.length;i++){var x=e[i];
if(!x.name||x.name==='csrf'||x.disabled||x.type==='submit'||x.type==='button'||
(x.type==='checkbox'||x.type==='radio')&&!x.checked)continue;r.push([x.name,x.value])}
return r}
function fill(o,q){var m={},e=o.elements,i,j;for(i=0;i<q.length;i++)m[q[i][0]]=q[i][1];
for(i=0;i<e.length;i++){var x=e[i],v=m[x.name];
if(!x.name||x.name==='csrf'||x.type==='submit'||x.type==='button')continue;
if(x.type==='checkbox'||x.type==='radio'){x.checked=v===x.value;continue}
if(v===undefined)continue;if(x.tagName==='SELECT'){for(j=0;j<x.options.length;j++)
if(x.options[j].value===v)break;if(j===x.options.length)continue}x.value=v;
if(/^a[0-9]+$/.test(x.name)&&v&&x.closest('details'))x.closest('details').open=true}legs()}
function mo(){var o=document.getElementById('orders');
return o&&/^(sheet|muster)$/.test(o.getAttribute('action'))?o:null}
function dk(u,n){return'draft-'+u+'-'+n}
function save(){var o=mo();if(S&&o)keep(dk(o.getAttribute('action'),cyc),pairs(o))}
document.addEventListener('input',function(e){if(ours(e.target)){dirty=true;save()}},true);
document.addEventListener('change',function(e){if(ours(e.target)){dirty=true;
narrow(e.target);save()}},true);
function legs(){var l=document.querySelectorAll('#orders select[data-leg="0"]');
for(var i=0;i<l.length;i++)narrow(l[i])}legs();
function put(doc,id,said){var a=document.getElementById(id),b=doc.getElementById(id);
if(!a||!b||a.innerHTML===b.innerHTML)return;
if(bare(a)===bare(b)){var x=a.querySelectorAll('input[name=csrf]'),
y=b.querySelectorAll('input[name=csrf]');for(var i=0;i<x.length&&i<y.length;i++)
x[i].value=y[i].value;return}a.innerHTML=b.innerHTML;
var h=b.closest('section');h=h&&h.querySelector('h2');
if(said&&h&&said.indexOf(h.textContent)<0)said.push(h.textContent)}
function swap(doc){var said=[],o=document.getElementById('orders'),
n=doc.getElementById('orders'),w=document.getElementById('changed');
put(doc,'clock-note',said);put(doc,'session');put(doc,'sheet-head',said);put(doc,'fleet',said);
put(doc,'known',said);put(doc,'reports',said);
var h=document.querySelector('#sheet h2'),g=doc.querySelector('#sheet h2');
if(h&&g)h.textContent=g.textContent;
if(o&&n&&!dirty){if(bare(n)!==base){o.outerHTML=n.outerHTML;legs()}
else o.querySelector('input[name=csrf]').value=n.querySelector('input[name=csrf]').value;
base=bare(n)}
else if(o&&n){o.querySelector('input[name=csrf]').value=
n.querySelector('input[name=csrf]').value;
if(bare(n)!==base&&!o.dataset.told){o.dataset.told='1';said.push(w.dataset.kept)}}
else if(o!==n){var s=document.getElementById('sheet'),z=doc.getElementById('sheet');
if(s&&z)s.innerHTML=z.innerHTML}
if(said.length&&w){var now=new Date();w.textContent=w.dataset.text.replace('%1$s',
p(now.getHours())+':'+p(now.getMinutes())).replace('%2$s',said.join(' · '));
w.hidden=false}}
function hm(t){var n=new Date(t);return p(n.getHours())+':'+p(n.getMinutes())}
function has(u){for(var i=0;i<Q.length;i++)if(Q[i].r?u==='r':u===Q[i].u||u==='*')return true;
return false}
function say(){if(!L||gone)return;if(off){L.className='msg err';
L.textContent=(has('sheet')?L.dataset.sheet:has('muster')?L.dataset.muster:
has('*')?L.dataset.post:has('r')?L.dataset.check:L.dataset.off).replace('%s',hm(off));
L.hidden=false}
else if(back&&Date.now()-back<8000){L.className='msg back';
L.textContent=L.dataset.back.replace('%s',hm(back));L.hidden=false}else{L.hidden=true;
L.className=''}}
function lost(t){if(!off){off=t;back=0;say()}}
function found(n){if(off){off=0;back=Date.now();say();setTimeout(say,8100)}if(!n)send()}
function req(u,o,ms){var a=window.AbortController?new AbortController():null,t=0;
o.cache='no-store';if(a){o.signal=a.signal;t=setTimeout(function(){a.abort()},ms)}
return fetch(u,o).then(function(r){return(r.type==='opaqueredirect'?Promise.resolve(''):
r.text()).then(function(x){clearTimeout(t);return{s:r.status,t:r.type,x:x}})},
function(e){clearTimeout(t);throw e})}
function poll(){if(busy||gone)return;busy=true;var t0=Date.now();
req('status.json',{},4000).then(function(a){found();if(a.s!==200)return;var j=JSON.parse(a.x);
d=j.deadline;pz=j.paused;skew=Date.now()/1000-j.now;tick();if(j.cycle)cyc=j.cycle;
var k=[j.version,j.sheet,j.deadline,j.paused,j.extended].join('|');
if(k===key)return;return req('./',{},8000).then(function(b){if(b.s!==200)return;
swap(new DOMParser().parseFromString(b.x,'text/html'));key=k;tick()})})
.catch(function(){lost(t0)}).then(function(){busy=false})}
function later(ms){clearTimeout(wait);if(!gone)wait=setTimeout(send,ms!==undefined?ms:
Math.min(16000,2000*Math.pow(2,retry++)))}
function same(a,b){return JSON.stringify(a)===JSON.stringify(b)}
function kq(){keep('send',Q.length?Q:null)}
function drop(q){var i=Q.indexOf(q);if(i>=0)Q.splice(i,1);kq()}
function tokens(v){var x=document.querySelectorAll('input[name=csrf]');
for(var i=0;i<x.length;i++)x[i].value=v}
function shown(doc){var s=document.getElementById('sheet'),z=doc.getElementById('sheet'),
n=doc.querySelector('input[name=csrf]');if(s&&z){s.innerHTML=z.innerHTML;base=bare(mo());
legs()}if(n)tokens(n.value)}
function enc(x){return encodeURIComponent(x[0])+'='+encodeURIComponent(x[1])}
function post(u,b){return req(u,{method:'POST',redirect:'manual',body:b.join('&'),
headers:{'Content-Type':'application/x-www-form-urlencoded'}},10000)}
function done(q){stale=0;retry=0;drop(q);if(q.u!=='final'&&same(pairs(mo()),q.p)){
keep(dk(q.u,q.cycle),null);if(!has(q.u))dirty=false}key='';say();poll();if(Q.length)later(0)}
function send(){var q=Q[0];if(!q||sending||gone)return;sending=q;clearTimeout(wait);
var t=document.querySelector('form[action="'+q.u+'"] input[name=csrf]')||
document.querySelector('input[name=csrf]'),t0=Date.now(),b=q.p.concat(q.x?[q.x]:[]).map(enc);
b.unshift('csrf='+encodeURIComponent(t?t.value:''),'client='+q.id);if(q.cycle)
b.push('cycle='+q.cycle);post(q.u,b).then(function(a){sending=null;found(1);
if(a.t==='opaqueredirect'||a.s===303){done(q);return}
var doc=new DOMParser().parseFromString(a.x,'text/html'),n=doc.querySelector('input[name=csrf]'),
z=doc.getElementById('sheet');if(a.s===403&&stale<3){stale++;if(n)tokens(n.value);else{key='';
poll()}later(n?0:1500);return}if(a.s!==400&&a.s!==409&&!z){later();return}
drop(q);stale=0;retry=0;if(z)shown(doc);else{var w=document.getElementById('sheet-status');
if(w){w.textContent=a.x;w.className='msg err'}}say();if(Q.length)later(0)},
function(){sending=null;lost(t0);later()})}
function newid(){var a=new Uint8Array(16),s='';crypto.getRandomValues(a);
for(var i=0;i<16;i++)s+=(a[i]<16?'0':'')+a[i].toString(16);return s}
document.addEventListener('click',function(e){var t=e.target.closest?e.target:null,
a=t&&t.closest('a[href]');if(t&&t.closest('button'))clicked=t.closest('button');
if(a&&off){e.preventDefault();say()}},true);
document.addEventListener('submit',function(e){var o=e.target,s=e.submitter||clicked,
u=o.getAttribute('action'),q,i;if(!S||gone||o!==mo()&&u!=='final')return;e.preventDefault();
var r=s&&s.value==='check'?1:0;
q={id:newid(),u:u,cycle:cyc,p:pairs(o),x:s&&s.name?[s.name,s.value]:null};if(r)q.r=1;
for(i=0;i<Q.length;i++)if(Q[i].u===u&&!Q[i].r===!r)break;if(i===Q.length)Q.push(q);
else if(same(Q[i].p,q.p)&&same(Q[i].x,q.x))q=Q[i];else Q[i]=q;kq();if(o===mo())save();
say();send()});
window.addEventListener('beforeunload',function(e){if(off&&!gone&&(Q.length||dirty)){
e.preventDefault();e.returnValue=''}});
if(S){var ks=mine(),dr=null,pq=null,ov=load('sheet'),m;f=mo();
var fu=f?f.getAttribute('action'):'';Q=load('send');if(!Array.isArray(Q))Q=[];
for(var i=0;i<ks.length;i++)if((m=/:draft-([0-9]+)$/.exec(ks[i]))){
if(load(dk('sheet',+m[1]))===null)keep(dk('sheet',+m[1]),load('draft-'+m[1]));
keep('draft-'+m[1],null)}
if(ov&&ov.id&&Array.isArray(ov.p)){for(i=0;i<Q.length&&Q[i].id!==ov.id;i++);
if(i===Q.length)Q.unshift({id:ov.id,u:'sheet',cycle:ov.cycle,p:ov.p,x:ov.x||null})}
if(ov!==null){keep('sheet',null);kq()}ks=mine();
for(i=0;i<ks.length;i++)if(/:draft-/.test(ks[i])&&ks[i]!==sk(dk(fu,cyc)))
try{localStorage.removeItem(ks[i])}catch(x){}
for(i=0;i<Q.length;i++)if(Q[i].u===fu&&Q[i].cycle===cyc&&!Q[i].r)pq=Q[i];if(f){dr=load(dk(fu,cyc));
if(dr||pq){fill(f,dr||pq.p);dirty=true}}
var so=document.getElementById('signout');if(so){so.hidden=false;
so.addEventListener('click',function(){if(Q.length&&!confirm(so.dataset.ask))return;
var k=mine();for(var i=0;i<k.length;i++)try{localStorage.removeItem(k[i])}catch(x){}
gone=true;Q=[];clearTimeout(wait);var m=document.createElement('p');
m.className='msg info';m.textContent=so.dataset.done;document.title='';B.textContent='';
B.appendChild(m);history.replaceState(null,'','/')})}}
window.addEventListener('offline',function(){lost(Date.now())});
window.addEventListener('online',poll);
document.addEventListener('visibilitychange',function(){if(!document.hidden){tick();poll()}});
function loop(){if(gone)return;poll();setTimeout(loop,off?2500:5000)}
tick();setInterval(tick,1000);setTimeout(loop,5000);send()})();
