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
 * secure context), so it keeps what he writes on his order sheet (not the muster's form) in
 * the phone's storage under its own name
 * (body's data-store, his alone: "admiralty:NAME:draft-CYCLE"), and puts it back in the form
 * when the page is loaded again. "Hand in the sheet" keeps the sheet there too
 * ("admiralty:NAME:sheet") with an id of its own, and sends it — the id and the cycle with
 * it — until the master's computer answers: a repeat of a sheet it has is answered as the
 * first, so that the sheet is kept once however often the link dropped its answer. Answered,
 * the sheet and the draft are dropped from the phone. A question unanswered in 4 s (the page
 * in 8 s, a sheet in 10 s), or a link the phone says is gone, shows "offline since 18:32"
 * on top until one is answered (asked every 2.5 s meanwhile); meanwhile the page keeps what
 * it shows, and its links, which would leave it, do nothing. "Sign out on this phone" drops
 * everything his page kept there. A page that answers a post (a read-back) takes his page's
 * own address, so that a reload asks for his page, never posts again. */
(function(){var c=document.getElementById('clock');if(!c)return;
if(!/\/$/.test(location.pathname))history.replaceState(null,'','./');
var d=+c.dataset.deadline,pz=+c.dataset.paused,skew=Date.now()/1000-(+c.dataset.now),
key=c.dataset.key,dirty=false,busy=false,f=document.getElementById('orders'),
B=document.body,S=B.dataset.store,cyc=+B.dataset.cycle,L=document.getElementById('link'),
off=0,back=0,pend=null,sending=false,wait=0,retry=0,stale=0,gone=false,clicked=null;
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
return o&&o.getAttribute('action')==='sheet'?o:null}
function save(){if(S&&mo())keep('draft-'+cyc,pairs(mo()))}
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
function say(){if(!L||gone)return;if(off){L.className='msg err';
L.textContent=(pend?L.dataset.sheet:L.dataset.off).replace('%s',hm(off));L.hidden=false}
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
function done(q){stale=0;retry=0;if(pend===q){pend=null;keep('sheet',null)}
if(same(pairs(document.getElementById('orders')),q.p)){keep('draft-'+q.cycle,null);
if(!pend)dirty=false}key='';say();poll();if(pend)later(0)}
function send(){if(!pend||sending||gone)return;sending=true;clearTimeout(wait);
var q=pend,o=document.getElementById('orders'),t=o&&o.querySelector('input[name=csrf]'),
t0=Date.now(),b=q.p.concat(q.x?[q.x]:[]).map(function(x){return encodeURIComponent(x[0])+
'='+encodeURIComponent(x[1])});
b.unshift('csrf='+encodeURIComponent(t?t.value:''),'client='+q.id,'cycle='+q.cycle);
req('sheet',{method:'POST',redirect:'manual',body:b.join('&'),
headers:{'Content-Type':'application/x-www-form-urlencoded'}},10000).then(function(a){
sending=false;found(1);if(a.t==='opaqueredirect'||a.s===303){done(q);return}
var doc=new DOMParser().parseFromString(a.x,'text/html'),
n=doc.querySelector('#orders input[name=csrf]');
if(a.s===403&&n&&stale<3){stale++;o=document.getElementById('orders');
t=o&&o.querySelector('input[name=csrf]');if(t)t.value=n.value;later(0);return}
if(a.s===409||a.s===400){if(pend===q){pend=null;keep('sheet',null)}
if(doc.getElementById('sheet'))swap(doc);else{var w=document.getElementById('sheet-status');
if(w){w.textContent=a.x;w.className='msg err'}}say();return}later()},
function(){sending=false;lost(t0);later()})}
function newid(){var a=new Uint8Array(16),s='';crypto.getRandomValues(a);
for(var i=0;i<16;i++)s+=(a[i]<16?'0':'')+a[i].toString(16);return s}
document.addEventListener('click',function(e){var t=e.target.closest?e.target:null,
a=t&&t.closest('a[href]');if(t&&t.closest('button'))clicked=t.closest('button');
if(a&&off){e.preventDefault();say()}},true);
document.addEventListener('submit',function(e){var o=e.target,s=e.submitter||clicked;
if(o!==mo()||!S||gone)return;if(s&&s.value==='check'){if(off){e.preventDefault();
say()}return}e.preventDefault();var q=pairs(o),x=s&&s.name?[s.name,s.value]:null;
if(!pend||!same(pend.p,q)||!same(pend.x,x))pend={id:newid(),cycle:cyc,p:q,x:x};
keep('sheet',pend);save();say();send()});
if(S){var ks=mine(),dr;for(var i=0;i<ks.length;i++){var m=/:draft-([0-9]+)$/.exec(ks[i]);
if(m&&+m[1]!==cyc)try{localStorage.removeItem(ks[i])}catch(x){}}
pend=load('sheet');dr=load('draft-'+cyc);f=mo();if(f&&(dr||pend&&pend.cycle===cyc)){
fill(f,dr||pend.p);dirty=true}
var so=document.getElementById('signout');if(so){so.hidden=false;
so.addEventListener('click',function(){if(pend&&!confirm(so.dataset.ask))return;
var k=mine();for(var i=0;i<k.length;i++)try{localStorage.removeItem(k[i])}catch(x){}
gone=true;pend=null;clearTimeout(wait);var m=document.createElement('p');
m.className='msg info';m.textContent=so.dataset.done;document.title='';B.textContent='';
B.appendChild(m);history.replaceState(null,'','/')})}}
window.addEventListener('offline',function(){lost(Date.now())});
window.addEventListener('online',poll);
document.addEventListener('visibilitychange',function(){if(!document.hidden){tick();poll()}});
function loop(){if(gone)return;poll();setTimeout(loop,off?2500:5000)}
tick();setInterval(tick,1000);setTimeout(loop,5000);send()})();
